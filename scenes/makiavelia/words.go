package makiavelia

import (
	"fmt"
	"image/color"
	"strings"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes/table"
)

// SeatNames are the players' names at the table, seat by seat.
var SeatNames = [8]string{"Cesare", "Lucrezia", "Lorenzo", "Caterina", "Giuliano", "Isabella", "Francesco", "Beatrice"}

// seatColours tell the seats apart (the log's dots, the Power tokens, the chart).
var seatColours = [8]color.RGBA{
	{0x9b, 0x1b, 0x24, 0xff}, // crimson
	{0x2a, 0x4e, 0x9a, 0xff}, // blue
	{0x2e, 0x7a, 0x3a, 0xff}, // green
	{0xc0, 0x8a, 0x1a, 0xff}, // ochre
	{0x6a, 0x2c, 0x8a, 0xff}, // purple
	{0x1f, 0x7f, 0x86, 0xff}, // teal
	{0xb0, 0x52, 0x1c, 0xff}, // orange-brown
	{0x4a, 0x4a, 0x4a, 0xff}, // slate
}

func seatName(s rules.Seat) string {
	if s < 0 || int(s) >= len(SeatNames) {
		return "?"
	}
	return SeatNames[s]
}

func seatColour(s rules.Seat) color.RGBA {
	if s < 0 || int(s) >= len(seatColours) {
		return color.RGBA{}
	}
	return seatColours[s]
}

// whoLabel is "Human" or "AI Hard" for a seat's player.
func whoLabel(ctx *game.Context, p play.Player) string {
	if p.Kind == play.Human {
		return ctx.T("makiavelia.seat.human")
	}
	if p.Level == "" { // a replayed record that names no level (an arena game)
		return ctx.F("makiavelia.seat.ai", p.Bot)
	}
	return ctx.F("makiavelia.seat.ai", ctx.T("makiavelia.level."+p.Level))
}

// cardWord names a physical card for the log: its design, or "a card" when hidden.
func cardWord(ctx *game.Context, c mak.CardID) string {
	if c < 0 || int(c) >= mak.SetSize() {
		return ctx.T("makiavelia.log.a_card")
	}
	return cardName(ctx, mak.KindOf(c))
}

// forViewer is e as viewer may see it (the rules' ForSeat: cards drawn or taken, coins
// earned and trade terms of others are cleared).
func forViewer(e mak.Event, viewer rules.Seat) mak.Event {
	return mak.ForSeat([]mak.Event{e}, viewer)[0]
}

// describe is the log line for an event, or a line with no text for the events the
// log does not tell on their own (the Power values are shown as a line too).
func describe(ctx *game.Context, e mak.Event) table.LogLine {
	who := seatName(e.Seat)
	tgt := seatName(e.Target)
	line := table.LogLine{Colour: seatColour(e.Seat)}
	switch e.Kind {
	case mak.EvDraw:
		if e.Card >= 0 {
			line.Text = ctx.F("makiavelia.log.draw.seen", who, cardWord(ctx, e.Card))
		} else {
			line.Text = ctx.F("makiavelia.log.draw", who)
		}
	case mak.EvPlay:
		switch {
		case e.TargetCard >= 0:
			line.Text = ctx.F("makiavelia.log.play.card", who, cardWord(ctx, e.Card), tgt, cardWord(ctx, e.TargetCard))
		case e.Target != rules.NoSeat:
			line.Text = ctx.F("makiavelia.log.play.player", who, cardWord(ctx, e.Card), tgt)
		default:
			line.Text = ctx.F("makiavelia.log.play", who, cardWord(ctx, e.Card))
		}
	case mak.EvCancel:
		line.Text = ctx.F("makiavelia.log.cancel", who, cardWord(ctx, e.Card))
	case mak.EvAttack:
		line.Text = ctx.F("makiavelia.log.attack", who, tgt, len(e.Dice), e.Hits)
	case mak.EvWound:
		line.Text = ctx.F("makiavelia.log.wound", who, cardWord(ctx, e.TargetCard), tgt)
	case mak.EvBury:
		line.Text = ctx.F("makiavelia.log.bury", cardWord(ctx, e.Card), who)
	case mak.EvTake:
		switch {
		case e.Target == rules.NoSeat && e.Card >= 0:
			line.Text = ctx.F("makiavelia.log.take.market.seen", who, cardWord(ctx, e.Card))
		case e.Target == rules.NoSeat:
			line.Text = ctx.F("makiavelia.log.take.market", who)
		case e.Card >= 0:
			line.Text = ctx.F("makiavelia.log.take.seen", who, cardWord(ctx, e.Card), tgt)
		default:
			line.Text = ctx.F("makiavelia.log.take", who, tgt)
		}
	case mak.EvShuffle:
		line.Text, line.Colour = ctx.T("makiavelia.log.shuffle"), color.RGBA{}
	case mak.EvCoin:
		switch {
		case e.Target == rules.NoSeat && e.Coin >= 0:
			line.Text = ctx.F("makiavelia.log.coin.seen", who, mak.CoinValue(e.Coin))
		case e.Target == rules.NoSeat:
			line.Text = ctx.F("makiavelia.log.coin", who)
		default:
			line.Text = ctx.F("makiavelia.log.coin.from", who, tgt)
		}
	case mak.EvSpend:
		line.Text = ctx.F("makiavelia.log.spend", who)
	case mak.EvOffer:
		if e.Hidden || e.Offer == nil {
			line.Text = ctx.F("makiavelia.log.offer.hidden", who, tgt)
		} else {
			line.Text = offerWords(ctx, "makiavelia.log.offer", e.Offer)
		}
	case mak.EvTrade:
		switch {
		case e.Hidden && e.Exchange != nil:
			x := e.Exchange
			line.Text = ctx.F("makiavelia.log.trade.hidden", who, tgt, x.CardsGiven, x.CoinsGiven, x.CardsPaid, x.CoinsPaid)
		case e.Hidden || e.Offer == nil:
			line.Text = ctx.F("makiavelia.log.trade.accepted", who, tgt)
		default:
			line.Text = offerWords(ctx, "makiavelia.log.trade", e.Offer)
		}
	case mak.EvDecline:
		if e.Hidden || e.Offer == nil {
			line.Text = ctx.F("makiavelia.log.decline.hidden", who, tgt)
		} else {
			line.Text = offerWords(ctx, "makiavelia.log.decline", e.Offer)
		}
	case mak.EvPass:
		line.Text = ctx.F("makiavelia.log.pass", who)
	case mak.EvCounter:
		line.Text = ctx.F("makiavelia.log.counter", who, regimeWords(e.Regime))
	case mak.EvRoundCap:
		line.Text, line.Colour, line.Strong = ctx.F("makiavelia.log.cap", e.Value), color.RGBA{}, true
	case mak.EvGive:
		line.Text = ctx.F("makiavelia.log.give", who, cardWord(ctx, e.Card), tgt)
	case mak.EvPledge:
		line.Text = ctx.F("makiavelia.log.pledge", who, tgt)
	case mak.EvPromise:
		line.Text = ctx.F("makiavelia.log.promise", who, tgt, e.Words)
	case mak.EvHeal:
		line.Text = ctx.F("makiavelia.log.heal", who, cardWord(ctx, e.TargetCard))
	case mak.EvPower:
		var parts []string
		for i, v := range e.Values {
			parts = append(parts, fmt.Sprintf("%s %d", seatName(rules.Seat(i)), v))
		}
		line.Text, line.Colour = ctx.F("makiavelia.log.power", strings.Join(parts, ", ")), color.RGBA{}
	case mak.EvPropose:
		line.Text = ctx.F("makiavelia.log.propose", who, regimeWords(e.Regime))
	case mak.EvAgree:
		line.Text = ctx.F("makiavelia.log.agree", who)
	case mak.EvRefuse:
		line.Text = ctx.F("makiavelia.log.refuse", who)
	case mak.EvRegime:
		line.Text = ctx.F("makiavelia.log.regime", regimeWords(e.Regime))
		line.Strong = true
	case mak.EvVictory:
		line.Text, line.Colour, line.Strong = ctx.F(victoryKey("makiavelia.log.victory", e.Seats), seatList(e.Seats), e.Value), seatColour(first(e.Seats)), true
	case mak.EvTie:
		line.Text, line.Colour, line.Strong = ctx.F("makiavelia.log.tie", e.Value), color.RGBA{}, true
	case mak.EvDryTreasury:
		line.Text, line.Colour = ctx.T("makiavelia.log.dry"), color.RGBA{}
	case mak.EvFirstPlayer:
		line.Text = ctx.F("makiavelia.log.first", who)
	case mak.EvTurn:
		line.Text = ctx.F("makiavelia.log.turn", who)
	case mak.EvRound:
		line.Text, line.Colour, line.Strong = ctx.F("makiavelia.log.round", e.Value), color.RGBA{}, true
	case mak.EvReveal:
		line.Text = ctx.F("makiavelia.log.reveal", who, e.Value)
	case mak.EvGameOver:
		line.Text, line.Colour, line.Strong = ctx.F(victoryKey("makiavelia.log.over", e.Seats), seatList(e.Seats)), seatColour(first(e.Seats)), true
	default:
		line.Text = ctx.F("makiavelia.log.other", who, string(e.Kind))
	}
	return line
}

func first(s []rules.Seat) rules.Seat {
	if len(s) == 0 {
		return rules.NoSeat
	}
	return s[0]
}

func seatList(s []rules.Seat) string {
	var names []string
	for _, q := range s {
		names = append(names, seatName(q))
	}
	return strings.Join(names, ", ")
}

// regimeWords is "Cesare 2 + Lucrezia 1".
func regimeWords(r *mak.Regime) string {
	if r == nil {
		return "—"
	}
	var parts []string
	for i, m := range r.Members {
		sh := 0
		if i < len(r.Shares) {
			sh = r.Shares[i]
		}
		parts = append(parts, fmt.Sprintf("%s %d", seatName(m), sh))
	}
	return strings.Join(parts, " + ")
}

// offerWords tells an offer: what is given (card designs when the viewer may see them,
// else counts) and what is asked.
func offerWords(ctx *game.Context, key string, o *mak.Offer) string {
	if o == nil {
		return ctx.F(key, "?", "?", "", "")
	}
	s := ctx.F(key, seatName(o.From), seatName(o.To), giveWords(ctx, o), askWords(ctx, o))
	if o.Words != "" { // the words said with it (only the two parties see them)
		s += " — “" + o.Words + "”"
	}
	return s
}

func giveWords(ctx *game.Context, o *mak.Offer) string {
	var parts []string
	for _, c := range o.GiveCards {
		parts = append(parts, cardWord(ctx, c))
	}
	if n := len(o.GiveCoins); n > 0 {
		parts = append(parts, ctx.F("makiavelia.words.coins", n))
	}
	if o.GivePledge {
		parts = append(parts, ctx.T("makiavelia.words.pledge"))
	}
	if len(parts) == 0 {
		return ctx.T("makiavelia.words.nothing")
	}
	return strings.Join(parts, ", ")
}

func askWords(ctx *game.Context, o *mak.Offer) string {
	var parts []string
	if o.AskCards > 0 {
		parts = append(parts, ctx.F("makiavelia.words.cards", o.AskCards))
	}
	if o.AskCoins > 0 {
		parts = append(parts, ctx.F("makiavelia.words.coins", o.AskCoins))
	}
	if o.AskPledge {
		parts = append(parts, ctx.T("makiavelia.words.pledge"))
	}
	if len(parts) == 0 {
		return ctx.T("makiavelia.words.nothing")
	}
	return strings.Join(parts, ", ")
}

// stepWord names what the game waits for.
func stepWord(ctx *game.Context, s mak.Step) string {
	return ctx.T("makiavelia.step." + s.String())
}

// victoryKey is the key of a victory line (a round's, the game's): key for several seats
// ("… win"), key+".one" for one alone ("… wins").
func victoryKey(key string, seats []rules.Seat) string {
	if len(seats) == 1 {
		return key + ".one"
	}
	return key
}
