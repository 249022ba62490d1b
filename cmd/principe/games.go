package main

// The games' scenes register themselves with package game when imported.
import (
	_ "principe/scenes/niccolo" // the Niccolò setup, table, results, high scores and rules help
)
