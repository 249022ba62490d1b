// Package play runs a match of any of Principe's games for a table scene: it asks the
// right seat for its action (a human through the scene, an AI on its own goroutine, an
// automatic seat nobody), applies every action through rules.State while keeping the
// rules.Record, autosaves that record after every action, and decides when a hot-seat
// privacy screen must hide a hand.
//
// When the game ends its record goes to the history through the Saver (an Archiver); a
// match made by NewReplay plays a kept record back through the same path the seats use live.
//
// Nothing here draws; nothing here knows one game's rules. The scene animates the events
// the match hands back.
package play
