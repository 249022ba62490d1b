package machiavelli

import (
	"reflect"
	"testing"
)

// TestChunksLentAndTakenBack: a chunk holds what was asked, a chunk taken back is lent
// again, and nothing is lent past the room.
func TestChunksLentAndTakenBack(t *testing.T) {
	var c chunks[int32]
	room := arenaRoom{left: 4096}
	s := c.get(300, &room)
	if s == nil || len(s) != 0 || cap(s) < 300 {
		t.Fatalf("get(300): len %d cap %d", len(s), cap(s))
	}
	if room.left != 4096-4*cap(s) || room.held != 4*cap(s) {
		t.Errorf("room %+v after lending %d int32s", room, cap(s))
	}
	s = append(s, 7)
	c.takeBack()
	again := c.get(257, &room)
	if cap(again) != cap(s) || &again[:1][0] != &s[0] || room.held != 4*cap(s) {
		t.Errorf("the chunk taken back is not lent again (room %+v)", room)
	}
	if c.get(1000, &room) != nil {
		t.Errorf("lent past the room")
	}
}

// TestSolveAnswersAlikeWithReusedStorage: Solve's plays do not depend on what the arena's
// storage held before — each oracle position solved first with fresh storage only (an
// arena with no room), then from the pool's arenas after the other positions.
func TestSolveAnswersAlikeWithReusedStorage(t *testing.T) {
	ps := loadOracle(t, "coppola")
	if testing.Short() {
		ps = ps[:200]
	}
	first := make([]Solution, 0, len(ps))
	for _, o := range ps[:len(ps)/2] {
		p, opt, _ := o.parse()
		p.arena = &layerArena{}
		first = append(first, Solve(p, opt))
	}
	for i := len(ps)/2 - 1; i >= 0; i-- {
		p, opt, _ := ps[i].parse()
		if got := Solve(p, opt); !reflect.DeepEqual(got, first[i]) {
			t.Errorf("%s: solved again after others, %+v; first %+v", ps[i].ID, got, first[i])
		}
	}
}
