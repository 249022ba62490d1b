package main

// The games' scenes register themselves with package game when imported.
import (
	_ "principe/scenes/history"     // the game history, its statistics and the replay
	_ "principe/scenes/intrigo"     // the Intrigo setup, table, negotiation, ledger, results and rules help
	_ "principe/scenes/machiavelli" // the Machiavelli setup, table, hints, results and rules help
	_ "principe/scenes/makiavelia"  // the Makiavelia setup, table, results, card browser and rules help
	_ "principe/scenes/niccolo"     // the Niccolò setup, table, results, high scores and rules help
)
