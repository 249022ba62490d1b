package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// rotatedLine is one -jsonl line of a rotated match.
type rotatedLine struct {
	Index   int      `json:"game_index"`
	Seed    uint64   `json:"seed"`
	Winners []int    `json:"winners"`
	Seating []string `json:"seating"`
}

func readLines(t *testing.T, file string) []rotatedLine {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []rotatedLine
	for _, row := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var l rotatedLine
		if err := json.Unmarshal([]byte(row), &l); err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	return out
}

func TestRotateSeatsEveryEntryInEverySeat(t *testing.T) {
	entries := []string{"greedy", "random", "random"}
	const games = 12
	dir := t.TempDir()
	var outs, files []string
	for _, k := range []string{"1", "3"} {
		file := filepath.Join(dir, "rot"+k+".jsonl")
		code, out, errs := arena(t, "play", "-game", "toy", "-seats", strings.Join(entries, ","), "-games", strconv.Itoa(games),
			"-seed", "5", "-parallel", k, "-rotate", "-jsonl", file)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		data, _ := os.ReadFile(file)
		outs, files = append(outs, out), append(files, string(data))
	}
	if outs[0] != outs[1] || files[0] != files[1] {
		t.Fatalf("parallel rotated run differs from the sequential one:\n%s\n%s", outs[0], outs[1])
	}
	var sum summary
	if err := json.Unmarshal([]byte(outs[0]), &sum); err != nil {
		t.Fatal(err)
	}
	lines := readLines(t, filepath.Join(dir, "rot1.jsonl"))
	if len(lines) != games || len(sum.Players) != len(entries) {
		t.Fatalf("%d lines, summary %+v", len(lines), sum)
	}

	// Game i seats entry k in seat (k+i) mod 3: greedy (entry 0) sits in seat i mod 3.
	greedySeats := make([]int, 3)
	greedyWins, seatWins := 0, make([]int, 3)
	for i, l := range lines {
		if len(l.Seating) != 3 || slices.Index(l.Seating, "greedy") != i%3 {
			t.Fatalf("game %d seating %v: greedy should sit in seat %d", i, l.Seating, i%3)
		}
		greedySeats[i%3]++
		for _, w := range l.Winners {
			seatWins[w]++
			if l.Seating[w] == "greedy" {
				greedyWins++
			}
		}
	}
	if greedySeats[0] != 4 || greedySeats[1] != 4 || greedySeats[2] != 4 {
		t.Fatalf("greedy sat %v times in each seat", greedySeats)
	}
	if !slices.Equal(seatWins, sum.Wins) {
		t.Fatalf("per-seat wins %v, lines give %v", sum.Wins, seatWins)
	}
	p := sum.Players
	if p[0].Bot != "greedy" || p[0].Entry != 0 || p[1].Bot != "random" || p[2].Entry != 2 {
		t.Fatalf("players %+v", p)
	}
	if p[0].Wins != greedyWins || p[0].Wins+p[1].Wins+p[2].Wins != seatWins[0]+seatWins[1]+seatWins[2] {
		t.Fatalf("players %+v; greedy won %d games, seats %v", p, greedyWins, seatWins)
	}
	if p[0].Wins <= p[1].Wins || p[0].Wins <= p[2].Wins {
		t.Fatalf("greedy did not beat random over the rotation: %+v", p)
	}
	share := float64(p[0].Wins) / games
	if p[0].Share != round4(share) || p[0].WinRate95[0] > share || p[0].WinRate95[1] < share {
		t.Fatalf("greedy share %v interval %v, want %.4f inside", p[0].Share, p[0].WinRate95, share)
	}

	// Each rotated game is the game the turned seat list plays with the same seed.
	for _, i := range []int{1, 2, 4} {
		l := lines[i]
		code, out, errs := arena(t, "play", "-game", "toy", "-seats", strings.Join(l.Seating, ","), "-games", "1",
			"-seed", strconv.FormatUint(l.Seed, 10))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var one summary
		json.Unmarshal([]byte(out), &one)
		won := make([]int, 3)
		for _, w := range l.Winners {
			won[w]++
		}
		if !slices.Equal(one.Wins, won) {
			t.Fatalf("game %d with seats %v: alone it gives wins %v, rotated %v", i, l.Seating, one.Wins, won)
		}
	}
}

func TestWithoutRotateTheOutputHasNoEntries(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.jsonl")
	code, out, errs := arena(t, "play", "-game", "toy", "-seats", "greedy,random", "-games", "3", "-jsonl", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(file)
	if strings.Contains(out, "players") || strings.Contains(string(data), "seating") {
		t.Fatalf("unrotated output mentions entries:\n%s", out)
	}
}

func TestRotateNeedsABotInEverySeat(t *testing.T) {
	code, _, errs := arena(t, "play", "-game", "toy", "-seats", "random,random,dummy", "-games", "2", "-rotate")
	if code == 0 || !strings.Contains(errs, "-rotate needs a bot in every seat") {
		t.Fatalf("exit %d %q", code, errs)
	}
}
