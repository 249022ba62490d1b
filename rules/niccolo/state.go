package niccolo

import (
	"errors"
	"fmt"

	"principe/rules"
)

// Variant is the kind of game: the standard game (2–4 players with Envoys),
// solitaire (one player, three Envoys, no reshuffle) or Partner Niccolò.
type Variant uint8

// The variants.
const (
	Standard Variant = iota
	Solitaire
	Partner
)

var variantNames = [3]string{"standard", "solitaire", "partner"}

// String is the variant's name.
func (v Variant) String() string {
	if int(v) < len(variantNames) {
		return variantNames[v]
	}
	return fmt.Sprintf("variant(%d)", v)
}

// MarshalText writes the variant's name.
func (v Variant) MarshalText() ([]byte, error) {
	if int(v) >= len(variantNames) {
		return nil, fmt.Errorf("niccolo: no variant %d", v)
	}
	return []byte(variantNames[v]), nil
}

// UnmarshalText reads a variant's name.
func (v *Variant) UnmarshalText(b []byte) error {
	for i, n := range variantNames {
		if n == string(b) {
			*v = Variant(i)
			return nil
		}
	}
	return fmt.Errorf("niccolo: unknown variant %q (want standard, solitaire or partner)", b)
}

// Phase is the part of the round being played.
type Phase uint8

// The phases of a round, and the end of the game.
const (
	CardPlay Phase = iota
	Moving
	GameOver
)

// halted is the phase of a look-ahead copy stopped at the end of a round (see haltRound).
const halted Phase = 3

var phaseNames = [3]string{"card-play", "moving", "over"}

// String is the phase's name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", p)
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("niccolo: unknown phase %q", b)
}

// Choice is the decision a moving token's player is being asked for.
type Choice uint8

// The moving-phase decisions.
const (
	NoChoice      Choice = iota
	LandingChoice        // the landing square is occupied: refuse or jump
	GambadoChoice        // the token ended on its starting colour: take or decline the Gambado
)

var choiceNames = [3]string{"none", "landing", "gambado"}

// String is the choice's name.
func (c Choice) String() string {
	if int(c) < len(choiceNames) {
		return choiceNames[c]
	}
	return fmt.Sprintf("choice(%d)", c)
}

// MarshalText writes the choice's name.
func (c Choice) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a choice's name.
func (c *Choice) UnmarshalText(b []byte) error {
	for i, n := range choiceNames {
		if n == string(b) {
			*c = Choice(i)
			return nil
		}
	}
	return fmt.Errorf("niccolo: unknown choice %q", b)
}

const (
	handSize    = 5
	openingHand = 4
	pileSize    = 16
	maxDiscard  = 16
)

// State is a game of Niccolò in progress. It is a plain value (arrays only), so
// copying it copies the game. Seat i plays family i (0 Visconti/Dog, 1 Sforza/Cannon,
// 2 Soderini/Flag, 3 Medici/Coins). The zero State is not a game: use NewGame.
type State struct {
	variant Variant
	envoy   [4]bool
	rng     rules.RNG
	round   int32
	first   int8  // seat holding the 1st Turn marker
	phase   Phase // card play, moving or over
	turn    uint8 // position in turn order (0 = 1st Turn … 3 = 4th Turn)

	markers  [4]Zone // zone of each colour's rule marker
	square   [4]int8 // square of each seat's token
	progress [4]int16
	removed  [4]bool // Partner Niccolò: token has completed its circuit

	hand     [4][handSize]Card
	handN    [4]uint8
	pile     [4][pileSize]Card // top of pile is pile[seat][pileN-1]
	pileN    [4]uint8
	discard  [4][maxDiscard]Card
	discardN [4]uint8

	// The moving token's progress through its move.
	choice Choice
	leg    uint8 // 0 the move, 1 the Gambado
	origin int8  // square the token started its move from
	steps  int8  // the rule it moves by (signed squares)
	target int8  // the occupied landing square, while a landing choice is open

	winners [4]bool
	lost    bool // solitaire: the player could not draw

	// haltRound, when not 0, stops the game at the end of that round's moving phase
	// (phase becomes halted). Bots use it to look at one round ahead.
	haltRound int32

	opening []Event // what happened during setup, up to the first decision (read only)
}

// Config is a game's setup: which seats are Envoys and which variant is played.
type Config struct {
	Envoy   [4]bool
	Variant Variant
}

// Validate reports whether the configuration is a game the rules allow.
func (c Config) Validate() error {
	players := 0
	for _, e := range c.Envoy {
		if !e {
			players++
		}
	}
	switch {
	case players == 0:
		return errors.New("niccolo: at least one seat must be a player (Envoys cannot play alone)")
	case c.Variant == Solitaire && players != 1:
		return fmt.Errorf("niccolo: solitaire is for exactly one player, not %d", players)
	case c.Variant == Standard && players == 1:
		return errors.New("niccolo: a game with one player is solitaire; choose the solitaire variant")
	case c.Variant > Partner:
		return fmt.Errorf("niccolo: unknown variant %d", c.Variant)
	}
	return nil
}

// NewGame sets a game up from a valid configuration and a seed, and plays it up to the
// first decision a player must make. If events is not nil, what happened (the deal,
// the draws, Envoy plays) is appended to it.
func NewGame(c Config, seed uint64, events *[]Event) (State, error) {
	var s State
	if err := c.Validate(); err != nil {
		return s, err
	}
	s.variant = c.Variant
	s.envoy = c.Envoy
	s.rng = rules.NewRNG(seed)
	for i := range s.markers {
		s.markers[i] = Influence
		s.square[i] = int8(Home(i))
	}
	s.first = int8(s.rng.Intn(4))
	if events != nil {
		*events = append(*events, GameStarted{Variant: s.variant, Envoys: s.envoy, First: rules.Seat(s.first)})
	}
	s.deal(openingHand, events)
	s.startRound(events)
	return s, nil
}

// order is the seat with turn position i this round.
func (s *State) order(i int) int { return (int(s.first) + i) & 3 }

// deal shuffles all 64 cards into four piles of 16 and lets every player draw n.
func (s *State) deal(n int, ev *[]Event) {
	deck := theDeck
	rules.Shuffle(&s.rng, deck[:])
	for seat := 0; seat < 4; seat++ {
		copy(s.pile[seat][:], deck[seat*pileSize:(seat+1)*pileSize])
		s.pileN[seat] = pileSize
		s.handN[seat] = 0
		s.discardN[seat] = 0
	}
	for seat := 0; seat < 4; seat++ {
		if s.envoy[seat] {
			continue
		}
		for i := 0; i < n; i++ {
			s.draw(seat, ev)
		}
	}
}

// draw moves the top card of seat's pile into its hand.
func (s *State) draw(seat int, ev *[]Event) {
	s.pileN[seat]--
	c := s.pile[seat][s.pileN[seat]]
	s.hand[seat][s.handN[seat]] = c
	s.handN[seat]++
	if ev != nil {
		*ev = append(*ev, CardDrawn{Seat: rules.Seat(seat), Card: c})
	}
}

// startRound replenishes the hands (or reshuffles, or ends a solitaire game) and plays
// on to the first player's decision.
func (s *State) startRound(ev *[]Event) {
	s.round++
	if ev != nil {
		*ev = append(*ev, RoundStarted{Round: int(s.round), First: rules.Seat(s.first)})
	}
	empty := false
	for seat := 0; seat < 4; seat++ {
		if s.pileN[seat] == 0 {
			empty = true
		}
	}
	switch {
	case empty && s.variant == Solitaire:
		s.lost = true
		s.phase = GameOver
		if ev != nil {
			*ev = append(*ev, GameLost{Seat: rules.Seat(s.player()), Reason: "the draw pile is empty"})
		}
		return
	case empty:
		if ev != nil {
			*ev = append(*ev, Reshuffled{By: rules.Seat(s.first)})
		}
		s.deal(handSize, ev)
	default:
		for seat := 0; seat < 4; seat++ {
			if !s.envoy[seat] {
				s.draw(seat, ev)
			}
		}
	}
	s.phase = CardPlay
	s.turn = 0
	s.runCardPlay(ev)
}

// player is the first seat that is not an Envoy (the solitaire player).
func (s *State) player() int {
	for seat := 0; seat < 4; seat++ {
		if !s.envoy[seat] {
			return seat
		}
	}
	return 0
}

// runCardPlay lets Envoys play until a player must choose a card, then starts the
// moving phase once everyone has played.
func (s *State) runCardPlay(ev *[]Event) {
	for s.turn < 4 {
		seat := s.order(int(s.turn))
		if !s.envoy[seat] {
			return
		}
		s.envoyPlays(seat, ev)
		s.turn++
	}
	s.phase = Moving
	s.turn = 0
	s.runMoving(ev)
}

// envoyPlays draws the top card of an Envoy's pile and plays it; silver cards are
// ignored because Envoys never make open choices.
func (s *State) envoyPlays(seat int, ev *[]Event) {
	if s.pileN[seat] == 0 { // cannot happen: the replenish step reshuffles first
		return
	}
	s.pileN[seat]--
	c := s.pile[seat][s.pileN[seat]]
	s.discard[seat][s.discardN[seat]] = c
	s.discardN[seat]++
	if !c.IsColoured() {
		if ev != nil {
			*ev = append(*ev, CardPlayed{Seat: rules.Seat(seat), Move: Move{Kind: PlayCard, Card: c}, Envoy: true, Ignored: true})
		}
		return
	}
	m := Move{Kind: PlayCard, Card: c, Marker: c.Colour(), Zone: c.Zone()}
	if ev != nil {
		*ev = append(*ev, CardPlayed{Seat: rules.Seat(seat), Move: m, Envoy: true})
	}
	s.moveMarker(c.Colour(), c.Zone(), ev)
}

// moveMarker puts a rule marker in a zone.
func (s *State) moveMarker(c Colour, z Zone, ev *[]Event) {
	from := s.markers[c]
	s.markers[c] = z
	if ev != nil {
		*ev = append(*ev, MarkerMoved{Marker: c, From: from, To: z})
	}
}

// applyCard carries out a player's card play (already validated).
func (s *State) applyCard(seat int, m Move, ev *[]Event) {
	for i := 0; i < int(s.handN[seat]); i++ {
		if s.hand[seat][i] == m.Card {
			s.handN[seat]--
			s.hand[seat][i] = s.hand[seat][s.handN[seat]]
			break
		}
	}
	s.discard[seat][s.discardN[seat]] = m.Card
	s.discardN[seat]++
	if ev != nil {
		*ev = append(*ev, CardPlayed{Seat: rules.Seat(seat), Move: m})
	}
	if m.Card == Signoria {
		for c := Colour(0); c < 4; c++ {
			z := s.markers[c].Anticlockwise()
			if m.Clockwise {
				z = s.markers[c].Clockwise()
			}
			s.moveMarker(c, z, ev)
		}
	} else {
		s.moveMarker(m.Marker, m.Zone, ev)
	}
	s.turn++
	s.runCardPlay(ev)
}

// occupied reports whether another token on the board stands on sq.
func (s *State) occupied(sq int, self int) bool {
	return s.tokenOn(sq, self) >= 0
}

// tokenOn is the token other than self standing on square sq, or -1 if there is none.
func (s *State) tokenOn(sq int, self int) int {
	for t := 0; t < 4; t++ {
		if t != self && !s.removed[t] && int(s.square[t]) == sq {
			return t
		}
	}
	return -1
}

// refuseSquare is where token t stops when it refuses: the nearest free square before
// the landing square along its path, or where it stands if there is none.
func (s *State) refuseSquare(t int) int {
	from, steps := int(s.square[t]), int(s.steps)
	dir, n := sign(steps)
	for d := n - 1; d >= 1; d-- {
		if sq := wrap(from + dir*d); !s.occupied(sq, t) {
			return sq
		}
	}
	return from
}

// jumpSquare is where token t lands when it jumps: the nearest free square beyond the
// landing square.
func (s *State) jumpSquare(t int) int {
	from, steps := int(s.square[t]), int(s.steps)
	dir, n := sign(steps)
	for d := n + 1; ; d++ {
		if sq := wrap(from + dir*d); !s.occupied(sq, t) {
			return sq
		}
	}
}

// rule is the number of squares (signed) a token standing on sq moves by: the steps of
// the zone that holds the marker of the square's colour.
func (s *State) rule(sq int) int { return s.markers[SquareColour(sq)].Steps() }

// landing is the square a move of steps squares from from lands on.
func landing(from, steps int) int { return wrap(from + steps) }

// legProgress is the net clockwise progress of a leg from from to dest by a rule of
// steps squares (its sign gives the direction of travel).
func legProgress(from, dest, steps int) int {
	dir, _ := sign(steps)
	return dir * wrap((dest-from)*dir)
}

func sign(n int) (dir, abs int) {
	if n < 0 {
		return -1, -n
	}
	return 1, n
}

// runMoving moves the tokens in turn order until a player must decide or the round
// (or the game) ends.
func (s *State) runMoving(ev *[]Event) {
	for s.phase == Moving && s.choice == NoChoice {
		if s.turn >= 4 {
			s.endRound(ev)
			return
		}
		t := s.order(int(s.turn))
		if s.removed[t] {
			s.turn++
			continue
		}
		s.origin = s.square[t]
		s.steps = int8(s.rule(int(s.origin)))
		s.leg = 0
		if s.steps == 0 {
			if ev != nil {
				*ev = append(*ev, TokenStayed{Seat: rules.Seat(t), Square: int(s.origin), Marker: SquareColour(int(s.origin))})
			}
			s.turn++
			continue
		}
		s.startLeg(t, ev)
	}
}

// startLeg moves token t by s.steps, asking its player when the landing square is
// occupied (Envoys decide at once).
func (s *State) startLeg(t int, ev *[]Event) {
	target := landing(int(s.square[t]), int(s.steps))
	if !s.occupied(target, t) {
		s.finishLeg(t, target, false, false, ev)
		return
	}
	if s.envoy[t] {
		if s.steps > 0 {
			s.finishLeg(t, s.jumpSquare(t), false, true, ev)
		} else {
			s.finishLeg(t, s.refuseSquare(t), true, false, ev)
		}
		return
	}
	s.target = int8(target)
	s.choice = LandingChoice
	if ev != nil {
		*ev = append(*ev, LandingBlocked{Seat: rules.Seat(t), From: int(s.square[t]), Target: target,
			Refuse: s.refuseSquare(t), Jump: s.jumpSquare(t)})
	}
}

// finishLeg puts token t on dest, counts its progress, and settles what follows: a
// completed circuit, a Gambado offer, or the next token.
func (s *State) finishLeg(t, dest int, refused, jumped bool, ev *[]Event) {
	from := int(s.square[t])
	dir, _ := sign(int(s.steps))
	dist := wrap((dest - from) * dir) // squares travelled, in the direction of travel
	s.square[t] = int8(dest)
	s.progress[t] += int16(legProgress(from, dest, int(s.steps)))
	s.choice = NoChoice
	if ev != nil {
		path := make([]int, dist)
		var over []rules.Seat
		for i := range path {
			path[i] = wrap(from + dir*(i+1))
			if other := s.tokenOn(path[i], t); i < dist-1 && other >= 0 {
				over = append(over, rules.Seat(other))
			}
		}
		*ev = append(*ev, TokenMoved{Seat: rules.Seat(t), From: from, To: dest, Path: path, Over: over,
			Refused: refused, Jumped: jumped, Gambado: s.leg == 1, Progress: int(s.progress[t])})
	}
	if s.progress[t] >= CircuitProgress {
		s.completeCircuit(t, ev)
		return
	}
	if s.leg == 0 && dist > 0 && SquareColour(dest) == SquareColour(int(s.origin)) {
		if !s.envoy[t] {
			s.choice = GambadoChoice
			if ev != nil {
				*ev = append(*ev, GambadoOffered{Seat: rules.Seat(t), Square: dest, Steps: int(s.steps)})
			}
			return
		}
		if s.steps > 0 {
			s.takeGambado(t, ev)
			return
		}
	}
	s.turn++
}

// takeGambado applies the token's rule once more.
func (s *State) takeGambado(t int, ev *[]Event) {
	s.leg = 1
	s.choice = NoChoice
	if ev != nil {
		*ev = append(*ev, GambadoTaken{Seat: rules.Seat(t)})
	}
	s.startLeg(t, ev)
}

// completeCircuit ends the game for a token whose progress reached 32, or (Partner
// Niccolò) takes it off the board.
func (s *State) completeCircuit(t int, ev *[]Event) {
	if s.variant != Partner {
		s.winners[t] = true
		s.phase = GameOver
		if ev != nil {
			*ev = append(*ev, GameWon{Winners: []rules.Seat{rules.Seat(t)}, Score: s.score(t)})
			if s.variant == Solitaire && s.envoy[t] {
				*ev = append(*ev, GameLost{Seat: rules.Seat(s.player()), Reason: "an envoy completed its circuit first"})
			}
		}
		return
	}
	s.removed[t] = true
	if ev != nil {
		*ev = append(*ev, TokenRemoved{Seat: rules.Seat(t), Square: int(s.square[t])})
	}
	partner := (t + 2) & 3
	if s.removed[partner] {
		s.winners[t] = true
		s.winners[partner] = true
		s.phase = GameOver
		if ev != nil {
			a, b := min(t, partner), max(t, partner)
			*ev = append(*ev, GameWon{Winners: []rules.Seat{rules.Seat(a), rules.Seat(b)}})
		}
		return
	}
	s.turn++
}

// score is the solitaire score of a winning seat: the cards left in its draw pile.
func (s *State) score(t int) int {
	if s.variant != Solitaire || s.envoy[t] {
		return 0
	}
	return int(s.pileN[t])
}

// endRound passes the turn markers to the left and starts the next round.
func (s *State) endRound(ev *[]Event) {
	if s.haltRound != 0 && s.round >= s.haltRound {
		s.phase = halted
		return
	}
	s.first = int8((int(s.first) + 1) & 3)
	if ev != nil {
		*ev = append(*ev, TurnMarkersPassed{First: rules.Seat(s.first)})
	}
	s.startRound(ev)
}

// Errors for illegal actions, in words a player understands.
var (
	errGameOver      = errors.New("the game is over")
	errNotCardPlay   = errors.New("it is not the card play: cards are played before the tokens move")
	errNotMoving     = errors.New("there is no token move to decide now")
	errNoLanding     = errors.New("your token's landing square is free, so there is nothing to refuse or jump")
	errNoGambado     = errors.New("no Gambado is on offer now")
	errLandingFirst  = errors.New("first decide whether your token refuses or jumps: its landing square is occupied")
	errGambadoFirst  = errors.New("first decide whether to take the Gambado")
	errUnknownAction = errors.New("unknown kind of action")
)

// ToActSeat is the seat that must act now, or -1 when the game is over.
func (s *State) ToActSeat() int {
	if s.phase >= GameOver {
		return -1
	}
	return s.order(int(s.turn))
}

// LegalMoves appends every legal action of the seat to act to buf[:0] and returns it.
// Each distinct choice appears once (two copies of one card give one action).
func (s *State) LegalMoves(buf []Move) []Move {
	buf = buf[:0]
	switch {
	case s.phase >= GameOver:
		return buf
	case s.phase == CardPlay:
		seat := s.order(int(s.turn))
		var held uint32 // the kinds in hand, so the order of the hand does not matter
		for i := 0; i < int(s.handN[seat]); i++ {
			held |= 1 << s.hand[seat][i]
		}
		for c := Card(0); held != 0; c++ {
			if held&(1<<c) != 0 {
				held &^= 1 << c
				buf = appendCardMoves(buf, c)
			}
		}
		return buf
	case s.choice == LandingChoice:
		return append(buf, Move{Kind: RefuseMove}, Move{Kind: JumpMove})
	case s.choice == GambadoChoice:
		return append(buf, Move{Kind: TakeGambado}, Move{Kind: DeclineGambado})
	}
	return buf
}

// appendCardMoves lists the plays of one card with every choice it offers.
func appendCardMoves(buf []Move, c Card) []Move {
	switch c {
	case Bribery:
		for m := Colour(0); m < 4; m++ {
			for z := Zone(0); z < NumZones; z++ {
				buf = append(buf, Move{Kind: PlayCard, Card: c, Marker: m, Zone: z})
			}
		}
	case Rumour, Accusation:
		z := Influence
		if c == Accusation {
			z = Inquisition
		}
		for m := Colour(0); m < 4; m++ {
			buf = append(buf, Move{Kind: PlayCard, Card: c, Marker: m, Zone: z})
		}
	case Signoria:
		buf = append(buf, Move{Kind: PlayCard, Card: c, Clockwise: true}, Move{Kind: PlayCard, Card: c})
	default:
		buf = append(buf, Move{Kind: PlayCard, Card: c, Marker: c.Colour(), Zone: c.Zone()})
	}
	return buf
}

// Validate says why seat may not make move m now, or nil if it may.
func (s *State) Validate(seat int, m Move) error {
	if s.phase >= GameOver {
		return errGameOver
	}
	if seat < 0 || seat > 3 {
		return fmt.Errorf("there is no seat %d", seat)
	}
	if toAct := s.order(int(s.turn)); seat != toAct {
		return fmt.Errorf("%w: it is %s's turn, not %s's", rules.ErrNotYourTurn, FamilyNames[toAct], FamilyNames[seat])
	}
	switch m.Kind {
	case PlayCard:
		if s.phase != CardPlay {
			if s.choice == LandingChoice {
				return errLandingFirst
			}
			return errNotCardPlay
		}
		return s.validateCard(seat, m)
	case RefuseMove, JumpMove:
		if s.phase != Moving {
			return errNotMoving
		}
		if s.choice != LandingChoice {
			if s.choice == GambadoChoice {
				return errGambadoFirst
			}
			return errNoLanding
		}
	case TakeGambado, DeclineGambado:
		if s.phase != Moving {
			return errNotMoving
		}
		if s.choice != GambadoChoice {
			if s.choice == LandingChoice {
				return errLandingFirst
			}
			return errNoGambado
		}
	default:
		return errUnknownAction
	}
	return nil
}

func (s *State) validateCard(seat int, m Move) error {
	if m.Card >= NumCardKinds {
		return fmt.Errorf("there is no card number %d", m.Card)
	}
	if m.Marker > Yellow {
		return fmt.Errorf("there is no rule marker number %d", m.Marker)
	}
	if m.Zone >= NumZones {
		return fmt.Errorf("there is no rule zone number %d", m.Zone)
	}
	inHand := false
	for i := 0; i < int(s.handN[seat]); i++ {
		if s.hand[seat][i] == m.Card {
			inHand = true
		}
	}
	if !inHand {
		return fmt.Errorf("you have no %s card in your hand", m.Card)
	}
	switch {
	case m.Card.IsColoured():
		if m.Marker != m.Card.Colour() || m.Zone != m.Card.Zone() || m.Clockwise {
			return fmt.Errorf("a %s card moves the %s marker to %s and offers no other choice", m.Card, m.Card.Colour(), m.Card.Zone())
		}
	case m.Card == Rumour && m.Zone != Influence:
		return errors.New("a Rumour sends a marker to Influence only")
	case m.Card == Accusation && m.Zone != Inquisition:
		return errors.New("an Accusation sends a marker to Inquisition only")
	case m.Card == Signoria && (m.Marker != 0 || m.Zone != 0):
		return errors.New("a Signoria turns every marker; it names no marker or zone, only a direction")
	case m.Card != Signoria && m.Clockwise:
		return fmt.Errorf("a %s card has no direction to choose", m.Card)
	}
	return nil
}

// Play makes move m for seat. If events is not nil, everything that happens (including
// the Envoys' automatic plays and moves that follow) is appended to it. An illegal
// move returns an error and leaves the state untouched. With events nil, Play does not
// allocate.
func (s *State) Play(seat int, m Move, events *[]Event) error {
	if err := s.Validate(seat, m); err != nil {
		return err
	}
	switch m.Kind {
	case PlayCard:
		s.applyCard(seat, m, events)
	case RefuseMove:
		s.finishLeg(seat, s.refuseSquare(seat), true, false, events)
	case JumpMove:
		s.finishLeg(seat, s.jumpSquare(seat), false, true, events)
	case TakeGambado:
		s.takeGambado(seat, events)
	case DeclineGambado:
		s.choice = NoChoice
		if events != nil {
			*events = append(*events, GambadoDeclined{Seat: rules.Seat(seat)})
		}
		s.turn++
	}
	s.runMoving(events)
	return nil
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == GameOver }

// Winners lists the winning seats (none after a solitaire loss).
func (s *State) Winners() []rules.Seat {
	var w []rules.Seat
	for t := 0; t < 4; t++ {
		if s.winners[t] {
			w = append(w, rules.Seat(t))
		}
	}
	return w
}
