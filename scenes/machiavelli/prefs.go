package machiavelli

import (
	"encoding/json"

	"principe/game"
)

// PrefsName is the document keeping the Machiavelli table's preferences: how the hand
// is sorted and whether the deck has four colours.
const PrefsName = "machiavelli-prefs.json"

// How the hand is sorted.
const (
	sortSuit = "suit" // by suit, then rank
	sortRank = "rank" // by rank, then suit
	sortOwn  = "own"  // in the order the player arranged it
)

// prefs are the table's remembered choices.
type prefs struct {
	Sort       string `json:"sort"`
	FourColour bool   `json:"four_colour"`
}

// loadPrefs reads the preferences (the defaults when there are none or they are unreadable).
func loadPrefs(store game.Storage) prefs {
	p := prefs{Sort: sortSuit}
	if data, err := store.Read(PrefsName); err == nil {
		_ = json.Unmarshal(data, &p)
	}
	if p.Sort != sortSuit && p.Sort != sortRank && p.Sort != sortOwn {
		p.Sort = sortSuit
	}
	return p
}

func (p prefs) save(store game.Storage) {
	if data, err := json.Marshal(p); err == nil {
		_ = store.Write(PrefsName, data)
	}
}

// nextSort is the sort the Sort button moves to.
func nextSort(s string) string {
	switch s {
	case sortSuit:
		return sortRank
	case sortRank:
		return sortOwn
	}
	return sortSuit
}
