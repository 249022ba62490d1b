package machiavelli

import (
	"math/bits"
	"sync"
	"unsafe"
)

// layerArena lends the storage that a Solve's table searches keep their layers in (carry)
// and the completions' tables (lend), and takes it all back when the Solve ends, for the
// next Solve to fill again: fresh memory costs the machine more than reused memory (it
// must be zeroed and mapped, and the garbage collector must find it dead). Nothing a
// Solve returns points into it. It lends at most arenaBytes; past that the searches
// allocate as before, and the collector frees what they drop (a long search under a time
// cap, where most of what it allocated is long dead, would otherwise hold all of it until
// it ends). The build's keys of a search that records no completions never come from it:
// they go back to scratchPool, which outlives the Solve.
type layerArena struct {
	ints  chunks[int32]
	keys  chunks[tdpKey]
	decs  chunks[tdpDec]
	edges chunks[compEdge]
	slots chunks[uint32]
	room  arenaRoom
}

// arenaRoom is what a layerArena may still lend in the Solve, and what its chunks hold in
// all (lent and free), in bytes.
type arenaRoom struct{ left, held int }

// arenaBytes is how much a layerArena lends in one Solve.
const arenaBytes = 32 << 20

// arenaHeld is the most a layerArena's chunks may hold for it to go back to the pool (what
// one Solve leaves free by one size is not what the next asks of another; an arena past
// this is left to the collector).
const arenaHeld = 2 * arenaBytes

// noArena lends nothing (it has no room): the storage of searches outside a Solve.
var noArena layerArena

var arenaPool = sync.Pool{New: func() any { return &layerArena{} }}

// chunks is a layerArena's storage of one type: the chunks lent, and those free by size
// class (capacity 1<<k).
type chunks[T any] struct {
	free [40][][]T
	lent [][]T
}

// get lends a chunk of at least n elements, empty, from the arena's room; nil when the room
// is spent.
func (c *chunks[T]) get(n int, room *arenaRoom) []T {
	k := bits.Len(uint(n - 1))
	size := int(unsafe.Sizeof(*new(T))) << k
	if size > room.left {
		return nil
	}
	room.left -= size
	var s []T
	if f := c.free[k]; len(f) > 0 {
		s, c.free[k] = f[len(f)-1], f[:len(f)-1]
	} else {
		s = make([]T, 0, 1<<k)
		room.held += size
	}
	c.lent = append(c.lent, s)
	return s
}

// takeBack makes every chunk lent free again.
func (c *chunks[T]) takeBack() {
	for _, s := range c.lent {
		k := bits.Len(uint(cap(s) - 1))
		c.free[k] = append(c.free[k], s[:0])
	}
	clear(c.lent)
	c.lent = c.lent[:0]
}

// withArena gives the position an arena for its searches, unless it has one (a Solve
// within a Solve), and returns what gives the arena back when the Solve ends.
func withArena(p *Position) func() {
	if p.arena != nil {
		return func() {}
	}
	a := arenaPool.Get().(*layerArena)
	a.room.left = arenaBytes
	p.arena = a
	return func() {
		a.ints.takeBack()
		a.keys.takeBack()
		a.decs.takeBack()
		a.edges.takeBack()
		a.slots.takeBack()
		if a.room.held <= arenaHeld {
			arenaPool.Put(a)
		}
	}
}

// carry gives the next layer the storage of s past its length, so that the layers a
// search keeps fill one allocation after another rather than one each: a new chunk, room
// for several layers of want, when what is left is less than want — from the arena, if it
// has room.
func carry[T any](s []T, want int, from *chunks[T], room *arenaRoom) []T {
	if cap(s)-len(s) >= want {
		return s[len(s):]
	}
	n := max(4*want, 256)
	if c := from.get(n, room); c != nil {
		return c
	}
	return make([]T, 0, n)
}

// lend is n zeroed elements from the arena's chunks, or from a new allocation when the
// arena has no room.
func lend[T any](from *chunks[T], n int, room *arenaRoom) []T {
	if s := from.get(max(n, 1), room); s != nil {
		s = s[:n]
		clear(s)
		return s
	}
	return make([]T, n)
}

// arenaOf is the search's arena, or noArena.
func (d *tableDP) arenaOf() *layerArena {
	if d.arena == nil {
		return &noArena
	}
	return d.arena
}
