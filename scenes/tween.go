package scenes

import "math"

// Easing functions map progress 0…1 to eased progress 0…1.
var (
	EaseLinear    = func(t float64) float64 { return t }
	EaseOutCubic  = func(t float64) float64 { u := 1 - t; return 1 - u*u*u }
	EaseInOutSine = func(t float64) float64 { return -(math.Cos(math.Pi*t) - 1) / 2 }
	EaseOutBack   = func(t float64) float64 {
		const c1, c3 = 1.70158, 2.70158
		u := t - 1
		return 1 + c3*u*u*u + c1*u*u
	}
)

// Tween moves a value from From to To over a number of ticks with an easing function. The zero Tween is
// finished at 0. Durations come from Context.Frames, so the animation-speed setting applies (0 ticks =
// instant).
type Tween struct {
	From, To float64
	Ticks    int // total length
	Elapsed  int
	Ease     func(float64) float64
}

// NewTween starts a tween.
func NewTween(from, to float64, ticks int, ease func(float64) float64) Tween {
	return Tween{From: from, To: to, Ticks: ticks, Ease: ease}
}

// Step advances the tween by one tick.
func (t *Tween) Step() {
	if t.Elapsed < t.Ticks {
		t.Elapsed++
	}
}

// Done reports whether the tween has reached its end.
func (t *Tween) Done() bool { return t.Elapsed >= t.Ticks }

// Progress is the eased progress 0…1.
func (t *Tween) Progress() float64 {
	if t.Ticks <= 0 || t.Elapsed >= t.Ticks {
		return 1
	}
	ease := t.Ease
	if ease == nil {
		ease = EaseLinear
	}
	return ease(float64(t.Elapsed) / float64(t.Ticks))
}

// Value is the tween's current value.
func (t *Tween) Value() float64 {
	return t.From + (t.To-t.From)*t.Progress()
}

// Approach moves current toward target by a fraction of the gap each tick (a soft follow, for hover glows);
// factor is the animation factor (0 jumps straight to the target).
func Approach(current, target, rate, factor float64) float64 {
	if factor <= 0 {
		return target
	}
	next := current + (target-current)*math.Min(1, rate/factor)
	if math.Abs(target-next) < 0.002 {
		return target
	}
	return next
}
