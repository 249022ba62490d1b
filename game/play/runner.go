package play

import (
	"context"
	"errors"
	"fmt"
	"time"

	"principe/rules"
)

// Job is one AI decision being made on its own goroutine. The UI goroutine polls it once
// a tick and never waits for it.
type Job struct {
	cancel context.CancelFunc
	done   chan struct{}
	action rules.Action
	err    error
}

// Think starts bot choosing from obs and legal on a new goroutine, with at most budget of
// wall-clock time (0 means no limit but the bot's own). The bot gets only the seat's
// observation and its legal actions. The caller must not touch the bot until the job is
// finished or cancelled.
func Think(bot rules.Bot, obs rules.Observation, legal []rules.Action, budget time.Duration) *Job {
	parent := context.Background()
	var ctx context.Context
	var cancel context.CancelFunc
	if budget > 0 {
		ctx, cancel = context.WithTimeout(parent, budget)
	} else {
		ctx, cancel = context.WithCancel(parent)
	}
	j := &Job{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(j.done)
		defer func() {
			if r := recover(); r != nil {
				j.err = fmt.Errorf("the AI failed: %v", r)
			}
		}()
		a, err := bot.Choose(ctx, obs, legal)
		if err == nil && a == nil {
			err = errors.New("the AI chose nothing")
		}
		j.action, j.err = a, err
	}()
	return j
}

// Poll reports whether the decision is made, and what it is.
func (j *Job) Poll() (a rules.Action, err error, done bool) {
	select {
	case <-j.done:
		j.cancel()
		return j.action, j.err, true
	default:
		return nil, nil, false
	}
}

// Wait blocks until the decision is made (tests and headless tools only; never call it on
// the UI goroutine).
func (j *Job) Wait() (rules.Action, error) {
	<-j.done
	j.cancel()
	return j.action, j.err
}

// Cancel asks the bot to stop; the goroutine ends soon after (bots return promptly once
// their context is cancelled). Cancel does not wait.
func (j *Job) Cancel() { j.cancel() }

// Done is closed when the goroutine has ended.
func (j *Job) Done() <-chan struct{} { return j.done }
