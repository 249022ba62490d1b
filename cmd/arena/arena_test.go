package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"principe/rules"
	"principe/rules/conformance/toy"
)

// toyAdapter lets the arena play the toy game: one bot per seat, and "dummy" as the
// last entry for a seat the rules play themselves.
type toyAdapter struct{}

func init() { registerGame(toy.Name, toyAdapter{}) }

func (toyAdapter) Setup(f Flags) (json.RawMessage, []string, error) {
	if f.Variant != "" || f.Ruleset != "" {
		return nil, nil, errors.New("toy has no variants or rulesets")
	}
	o := toy.Options{Players: len(f.Seats), Hand: 4}
	if f.Players != 0 && f.Players != len(f.Seats) {
		return nil, nil, fmt.Errorf("-players %d but %d seats", f.Players, len(f.Seats))
	}
	bots := append([]string(nil), f.Seats...)
	for i, b := range bots {
		if b == "dummy" {
			if i != len(bots)-1 {
				return nil, nil, errors.New("only the last seat can be the dummy")
			}
			o.Dummy, bots[i] = true, ""
		}
	}
	data, err := json.Marshal(o)
	return data, bots, err
}

// arena runs the command and returns its exit status, stdout and stderr.
func arena(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPlayIsReproducibleAtAnyParallelism(t *testing.T) {
	dir := t.TempDir()
	var outs, lines []string
	for _, k := range []string{"1", "3"} {
		file := filepath.Join(dir, "games"+k+".jsonl")
		code, out, errs := arena(t, "play", "-game", "toy", "-seats", "greedy,random,random", "-games", "30",
			"-seed", "5", "-parallel", k, "-jsonl", file)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		outs, lines = append(outs, out), append(lines, string(data))
	}
	if outs[0] != outs[1] || lines[0] != lines[1] {
		t.Fatalf("parallel run differs from the sequential one:\n%s\n%s", outs[0], outs[1])
	}
	var sum summary
	if err := json.Unmarshal([]byte(outs[0]), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Game != "toy" || sum.Games != 30 || sum.Errors != 0 || len(sum.Wins) != 3 || len(sum.WinRateCI95) != 3 || len(sum.MeanScores) != 3 {
		t.Fatalf("summary %+v", sum)
	}
	if sum.MeanRounds != 4 {
		t.Fatalf("mean rounds %v, want 4 (four tricks a game)", sum.MeanRounds)
	}
	if sum.Wins[0] <= sum.Wins[1] || sum.Wins[0] <= sum.Wins[2] {
		t.Fatalf("greedy did not beat random: %v", sum.Wins)
	}
	for i, ci := range sum.WinRateCI95 {
		p := float64(sum.Wins[i]) / 30
		if ci[0] > p || ci[1] < p || ci[0] < 0 || ci[1] > 1 {
			t.Fatalf("seat %d interval %v misses its rate %.3f", i, ci, p)
		}
	}
	checkJSONL(t, lines[0], 30, 5, &sum)
}

// checkJSONL checks every line against its record's replay and the summary.
func checkJSONL(t *testing.T, data string, games int, seed uint64, sum *summary) {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(data), "\n")
	if len(rows) != games {
		t.Fatalf("%d lines for %d games", len(rows), games)
	}
	wins := make([]int, len(sum.Wins))
	draws := 0
	for i, row := range rows {
		var r gameResult
		var raw struct {
			Record json.RawMessage `json:"record"`
		}
		if err := json.Unmarshal([]byte(row), &r); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal([]byte(row), &raw)
		if r.Index != i || r.Seed != seed+uint64(i) || r.Error != "" {
			t.Fatalf("line %d: %+v", i, r)
		}
		s, _, err := rules.Replay(raw.Record)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		o := s.Outcome()
		if !s.Over() || fmt.Sprint(o.Winners) != fmt.Sprint(r.Winners) || o.Rounds != r.Rounds {
			t.Fatalf("line %d: replay ends %v %+v, line says %v", i, s.Over(), o, r.Winners)
		}
		for _, w := range r.Winners {
			wins[w]++
		}
		if len(r.Winners) == 0 {
			draws++
		}
	}
	if fmt.Sprint(wins) != fmt.Sprint(sum.Wins) || draws != sum.Draws {
		t.Fatalf("lines give wins %v draws %d; summary %v %d", wins, draws, sum.Wins, sum.Draws)
	}
}

func TestPlayWithASeatTheRulesPlay(t *testing.T) {
	code, out, errs := arena(t, "play", "-game", "toy", "-seats", "random,ismcts,dummy", "-games", "4", "-budget", "30")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Errors != 0 || len(sum.Wins) != 3 {
		t.Fatalf("%v %s", err, out)
	}
}

func TestReplayCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.jsonl")
	if code, _, errs := arena(t, "play", "-game", "toy", "-seats", "random,random", "-games", "3", "-jsonl", file); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(file)
	rows := strings.Split(strings.TrimSpace(string(data)), "\n")
	var r struct {
		Record json.RawMessage `json:"record"`
	}
	json.Unmarshal([]byte(rows[1]), &r)
	s, rec, err := rules.Replay(r.Record)
	if err != nil {
		t.Fatal(err)
	}
	o := s.Outcome()
	wantOutcome, _ := json.Marshal(o)
	want := fmt.Sprintf(`{"game":"toy","actions":%d,"hash":"%016x","over":true,"outcome":%s}`+"\n", len(rec.Actions), s.Hash(), wantOutcome)

	recFile := filepath.Join(dir, "rec.json")
	os.WriteFile(recFile, r.Record, 0o644)
	lineFile := filepath.Join(dir, "line.json")
	os.WriteFile(lineFile, []byte(rows[1]), 0o644)
	for _, args := range [][]string{{recFile}, {lineFile}, {"-line", "2", file}} {
		code, out, errs := arena(t, append([]string{"replay"}, args...)...)
		if code != 0 || out != want {
			t.Fatalf("replay %v: exit %d\n%s\nwant\n%s%s", args, code, out, want, errs)
		}
	}
	code, out, _ := arena(t, "replay", file)
	if code != 0 || strings.Count(out, "\n") != 3 || !strings.Contains(out, `"line":3`) {
		t.Fatalf("replaying the whole file: exit %d\n%s", code, out)
	}

	// A bad record: an action played out of turn.
	var bad rules.Record
	json.Unmarshal(r.Record, &bad)
	bad.Actions[1].Seat = bad.Actions[0].Seat
	badData, _ := bad.Marshal()
	badFile := filepath.Join(dir, "bad.json")
	os.WriteFile(badFile, badData, 0o644)
	code, out, errs := arena(t, "replay", badFile)
	if code != 1 || out != "" || !strings.Contains(errs, "bad record: action 1:") {
		t.Fatalf("bad record: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	os.WriteFile(badFile, []byte("not json"), 0o644)
	if code, _, errs := arena(t, "replay", badFile); code != 1 || !strings.Contains(errs, "not a record") {
		t.Fatalf("garbage: exit %d %q", code, errs)
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"dance"},
		{"play"},
		{"play", "-game", "chess", "-seats", "a"},
		{"play", "-game", "toy", "-seats", "random,random", "-games", "0"},
		{"play", "-game", "toy", "-seats", "random,random", "-parallel", "0"},
		{"play", "-game", "toy", "-seats", "random,random", "-nonsense"},
		{"play", "-game", "toy", "-seats", "random,random", "extra"},
		{"play", "-game", "toy", "-seats", "dummy,random"},
		{"replay"},
		{"replay", "a", "b"},
	} {
		code, out, errs := arena(t, args...)
		if code != 2 || out != "" || errs == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if code, _, errs := arena(t, "play", "-game", "toy", "-seats", "random,wizard"); code != 1 || !strings.Contains(errs, `no bot "wizard"`) {
		t.Errorf("unknown bot: exit %d %q", code, errs)
	}
	if code, out, _ := arena(t, "help"); code != 0 || !strings.Contains(out, "toy") {
		t.Errorf("help: exit %d %q", code, out)
	}
}

func TestGameCommands(t *testing.T) {
	var got []string
	registerCommand("echo-test", func(args []string) error {
		got = args
		if len(args) > 0 && args[0] == "fail" {
			return errors.New("it failed")
		}
		return nil
	})
	defer delete(commands, "echo-test")
	if code, _, _ := arena(t, "echo-test", "a", "b"); code != 0 || fmt.Sprint(got) != "[a b]" {
		t.Fatalf("exit %d, args %v", code, got)
	}
	if code, _, errs := arena(t, "echo-test", "fail"); code != 1 || !strings.Contains(errs, "it failed") {
		t.Fatalf("exit %d %q", code, errs)
	}
}

// faulty wraps the toy game with bots that misbehave.
type faulty struct{ toy.Game }

func (faulty) NewBot(name string, seed uint64, budget int) (rules.Bot, error) {
	switch name {
	case "panicky", "cheat", "stubborn":
		return &badBot{kind: name}, nil
	}
	return toy.Game{}.NewBot(name, seed, budget)
}

type badBot struct {
	kind  string
	moves int
}

func (b *badBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	b.moves++
	if b.moves < 2 {
		return legal[0], nil
	}
	switch b.kind {
	case "panicky":
		panic("the bot fell over")
	case "cheat":
		return toy.Play{Card: 99}, nil
	}
	return nil, errors.New("I refuse")
}

func TestFailedGamesAreCountedAndKeepTheirRecords(t *testing.T) {
	for _, c := range []struct {
		bot    string
		bots   []string
		detail string
	}{
		{"panicky", nil, "panic in bot panicky at seat 0: the bot fell over"},
		{"cheat", nil, `bot cheat at seat 0 chose {"card":99}, which is not among its legal actions, and the rules refused it: card 99 is not in your hand`},
		{"stubborn", nil, "bot stubborn at seat 0: I refuse"},
		{"rules seat", []string{"random", ""}, "ToAct gave the turn to seat 1, which the rules play themselves"},
	} {
		t.Run(c.bot, func(t *testing.T) {
			bots := c.bots
			if bots == nil {
				bots = []string{c.bot, "random"}
			}
			m := match{name: toy.Name, game: faulty{}, options: json.RawMessage(`{"players":2,"hand":4}`),
				bots: bots, games: 3, seed: 1, parallel: 2}
			var results []gameResult
			sum, err := runMatch(m, func(r gameResult) error { results = append(results, r); return nil })
			if err != nil {
				t.Fatal(err)
			}
			if sum.Errors != 3 || sum.Wins[0]+sum.Wins[1]+sum.Draws != 0 {
				t.Fatalf("summary %+v", sum)
			}
			for _, r := range results {
				if !strings.Contains(r.Error, c.detail) {
					t.Fatalf("error %q, want %q", r.Error, c.detail)
				}
				s, err := r.Record.Replay()
				if err != nil || s.Over() {
					t.Fatalf("record of the failed game: %v", err)
				}
			}
		})
	}
}

func TestGamesThatDoNotEndAreErrors(t *testing.T) {
	m := match{name: toy.Name, game: toy.Game{}, options: json.RawMessage(`{"players":2}`),
		bots: []string{"random", "random"}, games: 2, seed: 1, maxActions: 3}
	sum, err := runMatch(m, func(r gameResult) error {
		if !strings.Contains(r.Error, "did not end within 3 actions") || len(r.Record.Actions) != 3 {
			return fmt.Errorf("game %d: %q with %d actions", r.Index, r.Error, len(r.Record.Actions))
		}
		return nil
	})
	if err != nil || sum.Errors != 2 {
		t.Fatalf("%v %+v", err, sum)
	}
}

func TestPlayExitsNonZeroWhenGamesFail(t *testing.T) {
	code, out, errs := arena(t, "play", "-game", "toy", "-seats", "random,random", "-games", "2", "-max-actions", "2")
	if code != 1 || !strings.Contains(out, `"errors":2`) || !strings.Contains(errs, "record: {") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		w, n   int
		lo, hi float64
	}{
		{0, 0, 0, 1},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{0, 10, 0, 0.2775},
		{81, 100, 0.7222, 0.8749},
	} {
		lo, hi := wilson(c.w, c.n)
		if math.Abs(lo-c.lo) > 1e-4 || math.Abs(hi-c.hi) > 1e-4 {
			t.Errorf("wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", c.w, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

func TestBotSeedsDifferBySeatAndGame(t *testing.T) {
	seen := map[uint64]bool{}
	for g := uint64(1); g <= 20; g++ {
		for s := range 4 {
			v := botSeed(g, s)
			if seen[v] {
				t.Fatalf("bot seed repeats at game %d seat %d", g, s)
			}
			seen[v] = true
		}
	}
}

// -movetime cancels a bot's context: a search with an endless budget still moves.
func TestMoveTimeStopsSearchingBots(t *testing.T) {
	code, out, errs := arena(t, "play", "-game", "toy", "-seats", "ismcts, random", "-games", "1",
		"-budget", "1000000000", "-movetime", "20ms")
	if code != 0 || !strings.Contains(out, `"errors":0`) {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
}

// narrow lists only the first of a seat's actions, though its rules accept them all (as
// Machiavelli lists only some rearrangements); its "bold" bot plays unlisted ones.
type narrow struct{ toy.Game }

type narrowState struct{ *toy.State }

func (narrow) NewState(o json.RawMessage, seed uint64) (rules.State, error) {
	s, err := toy.Game{}.NewState(o, seed)
	if err != nil {
		return nil, err
	}
	return narrowState{s.(*toy.State)}, nil
}

func (s narrowState) Legal(seat rules.Seat) []rules.Action {
	if l := s.State.Legal(seat); len(l) > 0 {
		return l[:1]
	}
	return nil
}

func (narrow) NewBot(name string, seed uint64, budget int) (rules.Bot, error) {
	if name == "bold" {
		return boldBot{}, nil
	}
	return toy.Game{}.NewBot(name, seed, budget)
}

type boldBot struct{}

func (boldBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	o := obs.(*toy.Observation)
	if _, bidding := legal[0].(toy.Bid); bidding {
		return toy.Bid{Tricks: 1}, nil
	}
	return toy.Play{Card: o.Hand[len(o.Hand)-1]}, nil
}

func TestTheRulesJudgeUnlistedActions(t *testing.T) {
	m := match{name: toy.Name, game: narrow{}, options: json.RawMessage(`{"players":2,"hand":4}`),
		bots: []string{"bold", "random"}, games: 5, seed: 1}
	sum, err := runMatch(m, func(r gameResult) error {
		if r.Error != "" {
			return errors.New(r.Error)
		}
		return nil
	})
	if err != nil || sum.Errors != 0 {
		t.Fatalf("%v %+v", err, sum)
	}
}

func TestTimingReportsEveryDecision(t *testing.T) {
	code, out, errs := arena(t, "play", "-game", "toy", "-seats", "greedy,random", "-games", "5", "-timing", "-movetime", "1h")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if len(sum.Decisions) != 2 || sum.Decisions[0].Bot != "greedy" || sum.Decisions[1].Bot != "random" {
		t.Fatalf("decisions %+v, want one entry per bot", sum.Decisions)
	}
	for _, d := range sum.Decisions {
		if d.Count == 0 || d.MedianMS > d.P99MS || d.P99MS > d.MaxMS || d.AtCap != 0 {
			t.Fatalf("decision times %+v", d)
		}
	}
	_, plain, _ := arena(t, "play", "-game", "toy", "-seats", "greedy,random", "-games", "5")
	if strings.Contains(plain, "decisions") {
		t.Fatal("decision times reported without -timing")
	}
}
