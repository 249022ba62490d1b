package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"principe/rules"
)

// defaultMaxActions stops a game that has not ended after this many actions.
const defaultMaxActions = 100_000

// match is one `arena play` run, after the flags are read.
type match struct {
	name       string // the game's registered name
	game       rules.Game
	options    json.RawMessage
	bots       []string // per seat; "" = the rules play that seat
	games      int
	seed       uint64 // game i is played with seed+i
	budget     int
	parallel   int
	maxActions int
	moveTime   time.Duration // per bot move; 0 = no limit
	rotate     bool          // game i seats bot list entry k in seat (k+i) mod n
	timing     bool          // measure each bot decision's wall time (the summary's "decisions")
}

// gameResult is one game of a match, as a -jsonl line.
type gameResult struct {
	Index   int           `json:"game_index"`
	Seed    uint64        `json:"seed"`
	Winners []rules.Seat  `json:"winners"`
	Rounds  int           `json:"rounds"`
	Error   string        `json:"error,omitempty"`
	Seating []string      `json:"seating,omitempty"` // with -rotate: the bot of each seat
	Record  *rules.Record `json:"record"`
	scores  []float64
	times   map[string][]time.Duration // with -timing: each decision's wall time, by bot
}

// summary is the JSON object `arena play` prints.
type summary struct {
	Game        string       `json:"game"`
	Games       int          `json:"games"`
	Wins        []int        `json:"wins"`
	Draws       int          `json:"draws"`
	Errors      int          `json:"errors"`
	MeanRounds  float64      `json:"mean_rounds"`
	WinRateCI95 [][2]float64 `json:"win_rate_ci95"`
	MeanScores  []float64    `json:"mean_scores"`
	// Players, with -rotate only: the results of each entry of the -seats list, whatever
	// seat it sat in.
	Players []playerSummary `json:"players,omitempty"`
	// Decisions, with -timing only: how long each bot took to decide (wall time, so it
	// depends on the machine and its load; wins do not).
	Decisions []decisionSummary `json:"decisions,omitempty"`
}

// decisionSummary is one bot's decision times over a match.
type decisionSummary struct {
	Bot      string  `json:"bot"`
	Count    int     `json:"count"`
	MedianMS float64 `json:"median_ms"`
	P99MS    float64 `json:"p99_ms"`
	MaxMS    float64 `json:"max_ms"`
	AtCap    int     `json:"at_cap"` // decisions that used the whole -movetime
}

// playerSummary is one entry of the -seats list over a rotated match.
type playerSummary struct {
	Entry      int        `json:"entry"` // its place in the -seats list, from 0
	Bot        string     `json:"bot"`
	Wins       int        `json:"wins"`
	Share      float64    `json:"share"` // wins per game played (without errors)
	WinRate95  [2]float64 `json:"win_rate_ci95"`
	MeanScore  float64    `json:"mean_score"`
	scoreCount int
}

// cmdPlay is `arena play`.
func cmdPlay(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "game to play: "+strings.Join(gameNames(), ", "))
	seats := fs.String("seats", "", "comma-separated bot (or game word) per seat")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	variant := fs.String("variant", "", "game variant")
	ruleset := fs.String("ruleset", "", "ruleset (Machiavelli: coppola or bga)")
	players := fs.Int("players", 0, "number of players, for games that take it")
	budget := fs.Int("budget", 0, "search effort of searching bots (0 = their default)")
	jsonl := fs.String("jsonl", "", "write one JSON line per game (with its record) to this file")
	parallel := fs.Int("parallel", 1, "games played at once")
	maxActions := fs.Int("max-actions", defaultMaxActions, "a game with more actions than this is an error")
	moveTime := fs.Duration("movetime", 0, "time limit of each bot move, through its context (0 = none; results then depend on the machine)")
	timing := fs.Bool("timing", false, "report each bot's decision times (median, p99, max, and how many reached -movetime)")
	rotate := fs.Bool("rotate", false, "rotate the seats: game i seats -seats entry k in seat (k+i) mod n, and the summary adds each entry's wins (\"players\")")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return err
		}
		return usageError("%v", err)
	}
	switch {
	case fs.NArg() > 0:
		return usageError("unexpected arguments %q", fs.Args())
	case *game == "":
		return usageError("-game is required (one of %s)", strings.Join(gameNames(), ", "))
	case *games < 1:
		return usageError("-games must be at least 1")
	case *parallel < 1:
		return usageError("-parallel must be at least 1")
	case *maxActions < 1:
		return usageError("-max-actions must be at least 1")
	case *budget < 0:
		return usageError("-budget cannot be negative")
	case *moveTime < 0:
		return usageError("-movetime cannot be negative")
	}
	ad, ok := adapters[*game]
	if !ok {
		return usageError("unknown game %q (games: %s)", *game, strings.Join(gameNames(), ", "))
	}
	g, ok := rules.Lookup(*game)
	if !ok {
		return fmt.Errorf("game %q has an arena adapter but its rules are not registered", *game)
	}
	var seatList []string
	if *seats != "" {
		seatList = strings.Split(*seats, ",")
		for i := range seatList {
			seatList[i] = strings.TrimSpace(seatList[i])
		}
	}
	options, bots, err := ad.Setup(Flags{Seats: seatList, Variant: *variant, Ruleset: *ruleset, Players: *players, Budget: *budget})
	if err != nil {
		return usageError("%v", err)
	}
	m := match{name: *game, game: g, options: options, bots: bots, games: *games, seed: *seed,
		budget: *budget, parallel: *parallel, maxActions: *maxActions, moveTime: *moveTime, rotate: *rotate, timing: *timing}

	var out *bufio.Writer
	if *jsonl != "" {
		f, err := os.Create(*jsonl)
		if err != nil {
			return err
		}
		defer f.Close()
		out = bufio.NewWriter(f)
	}
	sum, err := runMatch(m, func(r gameResult) error {
		if r.Error != "" {
			rec, _ := r.Record.Marshal()
			fmt.Fprintf(stderr, "game %d (seed %d) failed: %s\nrecord: %s\n", r.Index, r.Seed, r.Error, rec)
		}
		if out == nil {
			return nil
		}
		line, err := json.Marshal(r)
		if err != nil {
			return err
		}
		_, err = out.Write(append(line, '\n'))
		return err
	})
	if err != nil {
		return err
	}
	if out != nil {
		if err := out.Flush(); err != nil {
			return err
		}
	}
	data, err := json.Marshal(sum)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s\n", data)
	if sum.Errors > 0 {
		return fmt.Errorf("%d of %d games failed (their records are above)", sum.Errors, sum.Games)
	}
	return nil
}

// runMatch plays the match's games on m.parallel goroutines and summarizes them. each
// is called for every game in index order, whatever the parallelism, so the output of
// a run does not depend on it.
func runMatch(m match, each func(gameResult) error) (summary, error) {
	seats, err := m.check()
	if err != nil {
		return summary{}, err
	}
	if m.maxActions <= 0 {
		m.maxActions = defaultMaxActions
	}
	acc := newTally(m.name, seats)
	acc.moveTime = m.moveTime
	if m.rotate {
		acc.tallyEntries(m.bots)
	}
	jobs := make(chan int)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	for range max(1, m.parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results <- m.play(i)
			}
		}()
	}
	go func() {
		for i := range m.games {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	pending := map[int]gameResult{}
	next := 0
	var firstErr error
	for r := range results {
		pending[r.Index] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			acc.add(r)
			if firstErr == nil {
				firstErr = each(r)
			}
		}
	}
	if firstErr != nil {
		return summary{}, firstErr
	}
	return acc.summary(), nil
}

// check makes sure the match can start: the options give a state whose seats match the
// bots, and every bot named exists. It returns the number of seats.
func (m match) check() (int, error) {
	s, err := m.game.NewState(m.options, m.seed)
	if err != nil {
		return 0, fmt.Errorf("%s options %s: %v", m.name, m.options, err)
	}
	if len(m.bots) != s.Seats() {
		return 0, fmt.Errorf("%s has %d seats but %d bots were given", m.name, s.Seats(), len(m.bots))
	}
	for seat, name := range m.bots {
		if name == "" {
			if m.rotate {
				return 0, fmt.Errorf("-rotate needs a bot in every seat, but the rules play seat %d", seat)
			}
			continue
		}
		if _, err := m.game.NewBot(name, 0, m.budget); err != nil {
			return 0, fmt.Errorf("seat %d: %v", seat, err)
		}
	}
	return s.Seats(), nil
}

// seating returns the bot of each seat in game i: the -seats list as given, or with
// -rotate turned by i places (entry k sits in seat (k+i) mod n).
func (m match) seating(i int) []string {
	if !m.rotate {
		return m.bots
	}
	n := len(m.bots)
	out := make([]string, n)
	for k, name := range m.bots {
		out[(k+i)%n] = name
	}
	return out
}

// entryOf is the -seats entry that sat in seat during game i.
func entryOf(seat rules.Seat, i, n int) int {
	return ((int(seat)-i)%n + n) % n
}

// botSeed derives a bot's seed from the game's seed and its seat.
func botSeed(gameSeed uint64, seat int) uint64 {
	r := rules.NewRNG(gameSeed*0x9e3779b97f4a7c15 ^ uint64(seat+1)*0xd1b54a32d192ed03)
	return r.Uint64()
}

// play plays game i. A game that fails (an error, a panic in a bot or in the rules, too
// many actions) keeps its record — every action applied before the failure — and says
// why in Error.
func (m match) play(i int) (res gameResult) {
	res = gameResult{Index: i, Seed: m.seed + uint64(i), Winners: []rules.Seat{}}
	if m.rotate {
		res.Seating = m.seating(i)
	}
	res.Record = rules.NewRecord(m.name, m.options, res.Seed)
	defer func() {
		if p := recover(); p != nil {
			res.Error = fmt.Sprintf("panic in the rules: %v\n%s", p, debug.Stack())
		}
	}()
	if err := m.playOut(&res); err != nil {
		res.Error = err.Error()
	}
	return res
}

func (m match) playOut(res *gameResult) error {
	s, err := m.game.NewState(m.options, res.Seed)
	if err != nil {
		return err
	}
	names := m.seating(res.Index)
	bots := make([]rules.Bot, len(names))
	for seat, name := range names {
		if name == "" {
			continue
		}
		if bots[seat], err = m.game.NewBot(name, botSeed(res.Seed, seat), m.budget); err != nil {
			return err
		}
	}
	for !s.Over() {
		if len(res.Record.Actions) >= m.maxActions {
			return fmt.Errorf("the game did not end within %d actions", m.maxActions)
		}
		seat := s.ToAct()
		if seat < 0 || int(seat) >= len(bots) {
			return fmt.Errorf("the game is not over but ToAct is %d", seat)
		}
		if bots[seat] == nil {
			return fmt.Errorf("ToAct gave the turn to seat %d, which the rules play themselves", seat)
		}
		legal := s.Legal(seat)
		if len(legal) == 0 {
			return fmt.Errorf("seat %d is to act but has no legal action", seat)
		}
		start := time.Now()
		a, err := m.choose(bots[seat], names[seat], seat, s.Observe(seat), legal)
		if err != nil {
			return err
		}
		if m.timing {
			if res.times == nil {
				res.times = map[string][]time.Duration{}
			}
			res.times[names[seat]] = append(res.times[names[seat]], time.Since(start))
		}
		if _, err := s.Apply(seat, a); err != nil {
			if listed(a, legal) {
				return fmt.Errorf("bot %s at seat %d chose %s from its legal actions, but the rules refused it: %v", names[seat], seat, describe(a), err)
			}
			return fmt.Errorf("bot %s at seat %d chose %s, which is not among its legal actions, and the rules refused it: %v", names[seat], seat, describe(a), err)
		}
		if err := res.Record.Add(seat, a); err != nil {
			return err
		}
	}
	o := s.Outcome()
	if o.Winners != nil {
		res.Winners = o.Winners
	}
	res.Rounds = o.Rounds
	res.scores = o.Scores
	return nil
}

// choose asks a bot for its action, turning a panic into an error. The rules judge the
// action: a game whose Legal lists only a representative subset (Machiavelli) accepts
// more than it lists.
func (m match) choose(b rules.Bot, name string, seat rules.Seat, obs rules.Observation, legal []rules.Action) (a rules.Action, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic in bot %s at seat %d: %v\n%s", name, seat, p, debug.Stack())
		}
	}()
	ctx := context.Background()
	if m.moveTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, m.moveTime)
		defer cancel()
	}
	a, err = b.Choose(ctx, obs, legal)
	if err != nil {
		return nil, fmt.Errorf("bot %s at seat %d: %v", name, seat, err)
	}
	if a == nil {
		return nil, fmt.Errorf("bot %s at seat %d chose no action", name, seat)
	}
	return a, nil
}

// listed reports whether a is among legal (compared by JSON).
func listed(a rules.Action, legal []rules.Action) bool {
	want, err := json.Marshal(a)
	if err != nil {
		return false
	}
	for _, l := range legal {
		if got, err := json.Marshal(l); err == nil && bytes.Equal(got, want) {
			return true
		}
	}
	return false
}

// describe shows an action as its JSON (or its String when it does not marshal).
func describe(a rules.Action) string {
	if data, err := json.Marshal(a); err == nil {
		return string(data)
	}
	return a.String()
}

// tally adds up game results in index order.
type tally struct {
	game      string
	seats     int
	games     int
	wins      []int
	draws     int
	errors    int
	rounds    int
	scoreSum  []float64
	scoreRuns int
	entries   []string // with -rotate: the -seats list, whose entries are tallied too
	players   []playerSummary
	times     map[string][]time.Duration // with -timing: decision times by bot
	moveTime  time.Duration
}

func newTally(game string, seats int) *tally {
	return &tally{game: game, seats: seats, wins: make([]int, seats), scoreSum: make([]float64, seats)}
}

// tallyEntries makes the tally count wins and scores by -seats entry too (-rotate).
func (t *tally) tallyEntries(entries []string) {
	t.entries = entries
	for k, name := range entries {
		t.players = append(t.players, playerSummary{Entry: k, Bot: name})
	}
}

// addEntries tallies a rotated game by -seats entry.
func (t *tally) addEntries(r gameResult) {
	n := len(t.entries)
	for _, w := range r.Winners {
		if w >= 0 && int(w) < n {
			t.players[entryOf(w, r.Index, n)].Wins++
		}
	}
	if len(r.scores) == n {
		for seat, v := range r.scores {
			p := &t.players[entryOf(rules.Seat(seat), r.Index, n)]
			p.MeanScore += v
			p.scoreCount++
		}
	}
}

func (t *tally) add(r gameResult) {
	t.games++
	for bot, ts := range r.times {
		if t.times == nil {
			t.times = map[string][]time.Duration{}
		}
		t.times[bot] = append(t.times[bot], ts...)
	}
	if r.Error != "" {
		t.errors++
		return
	}
	t.rounds += r.Rounds
	if len(r.Winners) == 0 {
		t.draws++
	}
	for _, w := range r.Winners {
		if w >= 0 && int(w) < t.seats {
			t.wins[w]++
		}
	}
	if len(r.scores) == t.seats {
		for i, v := range r.scores {
			t.scoreSum[i] += v
		}
		t.scoreRuns++
	}
	if t.entries != nil {
		t.addEntries(r)
	}
}

func (t *tally) summary() summary {
	s := summary{Game: t.game, Games: t.games, Wins: t.wins, Draws: t.draws, Errors: t.errors}
	s.Decisions = t.decisions()
	played := t.games - t.errors
	if played > 0 {
		s.MeanRounds = round4(float64(t.rounds) / float64(played))
	}
	for _, w := range t.wins {
		lo, hi := wilson(w, played)
		s.WinRateCI95 = append(s.WinRateCI95, [2]float64{round4(lo), round4(hi)})
	}
	if t.scoreRuns > 0 {
		for _, v := range t.scoreSum {
			s.MeanScores = append(s.MeanScores, round4(v/float64(t.scoreRuns)))
		}
	}
	for _, p := range t.players {
		if played > 0 {
			p.Share = round4(float64(p.Wins) / float64(played))
		}
		lo, hi := wilson(p.Wins, played)
		p.WinRate95 = [2]float64{round4(lo), round4(hi)}
		if p.scoreCount > 0 {
			p.MeanScore = round4(p.MeanScore / float64(p.scoreCount))
		}
		s.Players = append(s.Players, p)
	}
	return s
}

// wilson is the 95% Wilson score interval of wins successes in n trials ([0, 1] when
// there are none).
func wilson(wins, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(wins) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	center := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, center-half), min(1, center+half)
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// decisions summarizes the decision times by bot, in the order of the bots' names.
func (t *tally) decisions() []decisionSummary {
	var out []decisionSummary
	for bot, ts := range t.times {
		slices.Sort(ts)
		d := decisionSummary{Bot: bot, Count: len(ts), MedianMS: msOf(ts[len(ts)/2]),
			P99MS: msOf(ts[len(ts)*99/100]), MaxMS: msOf(ts[len(ts)-1])}
		if t.moveTime > 0 {
			for _, x := range ts {
				if x >= t.moveTime {
					d.AtCap++
				}
			}
		}
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b decisionSummary) int { return strings.Compare(a.Bot, b.Bot) })
	return out
}

func msOf(d time.Duration) float64 { return round4(float64(d.Microseconds()) / 1000) }
