package game

import (
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// Scene is one full screen of the app: the title, the settings, a game's table…
//
// The app calls Update once per tick (60 a second) for the scene on top of the stack only, and Draw once per
// frame. Draw paints the whole screen, which is ctx.Scale device pixels per logical pixel of the fixed
// 1280×720 layout (see LogicalWidth); the scenes package's Painter does that arithmetic.
type Scene interface {
	Update(ctx *Context) error
	Draw(screen *ebiten.Image, ctx *Context)
}

// Entered is implemented by scenes that want to know when they become the top of the stack (after being
// pushed, or after the scene above them was popped).
type Entered interface {
	Enter(ctx *Context)
}

// SceneFactory builds a scene. It runs on the UI goroutine inside Update.
type SceneFactory func(ctx *Context) (Scene, error)

// GameInfo is how a game plugs into the shell: the title menu lists the games in GameOrder and enables the
// ones registered here.
type GameInfo struct {
	// ID is the game's name in GameOrder and in the translation keys "game.<id>.name" and "game.<id>.line".
	ID string
	// Setup opens the game's setup scene (choose seats, opponents, options) from the title menu.
	Setup SceneFactory
	// Resume rebuilds a game in progress from the autosave document (the whole autosave.json, whose "game"
	// field is ID). Nil means this game cannot be resumed.
	Resume func(ctx *Context, autosave []byte) (Scene, error)
}

// GameOrder lists the four games in the order the title menu shows them.
var GameOrder = []string{"niccolo", "machiavelli", "intrigo", "makiavelia"}

var registry = struct {
	sync.Mutex
	scenes map[string]SceneFactory
	games  map[string]GameInfo
}{scenes: map[string]SceneFactory{}, games: map[string]GameInfo{}}

// RegisterScene makes a scene openable by name: by Context.Open, by the -scene flag and by other scenes.
// Names are lower case; a game's scenes are named "<game>/<scene>" ("niccolo/setup", "niccolo/table").
// Call it from an init function; registering a name twice panics.
func RegisterScene(name string, f SceneFactory) {
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.scenes[name]; dup {
		panic("game: scene " + name + " registered twice")
	}
	registry.scenes[name] = f
}

// RegisterGame makes a game playable from the title menu (and resumable through Continue if it has a
// Resume function). Call it from an init function; registering an ID twice panics.
func RegisterGame(g GameInfo) {
	registry.Lock()
	defer registry.Unlock()
	if g.ID == "" || g.Setup == nil {
		panic("game: RegisterGame needs an ID and a Setup factory")
	}
	if _, dup := registry.games[g.ID]; dup {
		panic("game: game " + g.ID + " registered twice")
	}
	registry.games[g.ID] = g
}

// LookupGame returns a registered game.
func LookupGame(id string) (GameInfo, bool) {
	registry.Lock()
	defer registry.Unlock()
	g, ok := registry.games[id]
	return g, ok
}

// SceneNames lists every registered scene name, sorted.
func SceneNames() []string {
	registry.Lock()
	defer registry.Unlock()
	var names []string
	for n := range registry.scenes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func lookupScene(name string) (SceneFactory, bool) {
	registry.Lock()
	defer registry.Unlock()
	f, ok := registry.scenes[name]
	return f, ok
}

// autosaveHeader is the part of autosave.json the shell reads: which game it belongs to. The rest of the
// document is the game's own record.
type autosaveHeader struct {
	Game string `json:"game"`
}

// ReadAutosave returns the autosave document and the ID of its game, or ok=false when there is no autosave
// or it names no game.
func ReadAutosave(store Storage) (gameID string, data []byte, ok bool) {
	data, err := store.Read(AutosaveName)
	if err != nil {
		return "", nil, false
	}
	var h autosaveHeader
	if json.Unmarshal(data, &h) != nil || h.Game == "" {
		return "", nil, false
	}
	return h.Game, data, true
}

// ResumableGame returns the game Continue would resume: the autosave's game, if that game is registered and
// can resume.
func ResumableGame(store Storage) (GameInfo, []byte, bool) {
	id, data, ok := ReadAutosave(store)
	if !ok {
		return GameInfo{}, nil, false
	}
	g, ok := LookupGame(id)
	if !ok || g.Resume == nil {
		return GameInfo{}, nil, false
	}
	return g, data, true
}

// WriteAutosave stores a game's autosave document; it must be a JSON object whose "game" field names a
// registered game.
func WriteAutosave(store Storage, data []byte) error {
	var h autosaveHeader
	if err := json.Unmarshal(data, &h); err != nil || h.Game == "" {
		return fmt.Errorf("autosave: the document must be a JSON object with a \"game\" field")
	}
	return store.Write(AutosaveName, data)
}
