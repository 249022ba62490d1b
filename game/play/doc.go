// Package play runs a match of any of Principe's games for a table scene: it asks the
// right seat for its action (a human through the scene, an AI on its own goroutine, an
// automatic seat nobody), applies every action through rules.State while keeping the
// rules.Record, autosaves that record after every action, and decides when a hot-seat
// privacy screen must hide a hand.
//
// Nothing here draws; nothing here knows one game's rules. The scene animates the events
// the match hands back.
package play
