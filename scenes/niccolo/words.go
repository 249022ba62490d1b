package niccolo

import (
	"strings"

	"principe/game"
	"principe/rules"
	nic "principe/rules/niccolo"
	"principe/scenes/table"
)

// cardName is a card's name in words: "Fortune (red)", "Bribery".
func cardName(ctx *game.Context, c nic.Card) string {
	if c.IsColoured() {
		return ctx.F("niccolo.card.coloured", ctx.T("niccolo.zone."+c.Zone().String()), ctx.T("niccolo.colour."+c.Colour().String()))
	}
	return ctx.T("niccolo.card." + c.String())
}

func tokenName(ctx *game.Context, f int) string {
	return ctx.T("niccolo.token." + strings.ToLower(nic.TokenNames[f&3]))
}

func familyName(f rules.Seat) string {
	if f >= 0 && f < 4 {
		return nic.FamilyNames[f]
	}
	return "?"
}

// describe turns an event into a line of the log, in the player's language. rest is
// the events after it (a card's line names the markers it moved; a jump names the
// token it jumped over).
func (t *Table) describe(ctx *game.Context, e rules.Event, rest []rules.Event) table.LogLine {
	dot := func(s rules.Seat) table.LogLine {
		if s >= 0 && s < 4 {
			return table.LogLine{Colour: familyInk[s]}
		}
		return table.LogLine{}
	}
	switch e := e.(type) {
	case nic.GameStarted:
		l := dot(e.First)
		l.Text = ctx.F("niccolo.log.start", ctx.T("niccolo.variant."+e.Variant.String()), familyName(e.First))
		l.Strong = true
		return l
	case nic.RoundStarted:
		return table.LogLine{Text: ctx.F("niccolo.log.round", e.Round, familyName(e.First)), Strong: true}
	case nic.Reshuffled:
		l := dot(e.By)
		l.Text = ctx.F("niccolo.log.reshuffle", familyName(e.By))
		return l
	case nic.CardPlayed:
		l := dot(e.Seat)
		who := familyName(e.Seat)
		if e.Envoy {
			who = ctx.F("niccolo.log.envoy", who)
		}
		name := cardName(ctx, e.Move.Card)
		if e.Move.Card == nic.Signoria && !e.Ignored {
			dir := ctx.T("niccolo.dir.anticlockwise")
			if e.Move.Clockwise {
				dir = ctx.T("niccolo.dir.clockwise")
			}
			l.Text = ctx.F("niccolo.log.signoria", who, name, dir)
			return l
		}
		if e.Ignored {
			l.Text = ctx.F("niccolo.log.ignored", who, name)
			return l
		}
		var moved []string
		for _, n := range rest {
			m, ok := n.(nic.MarkerMoved)
			if !ok {
				break
			}
			if m.From == m.To {
				moved = append(moved, ctx.F("niccolo.log.marker_stays", ctx.T("niccolo.colour."+m.Marker.String()), ctx.T("niccolo.zone."+m.To.String())))
			} else {
				moved = append(moved, ctx.F("niccolo.log.marker", ctx.T("niccolo.colour."+m.Marker.String()), ctx.T("niccolo.zone."+m.To.String())))
			}
		}
		l.Text = ctx.F("niccolo.log.play", who, name, strings.Join(moved, "; "))
		return l
	case nic.TokenStayed:
		l := dot(e.Seat)
		l.Text = ctx.F("niccolo.log.stays", tokenName(ctx, int(e.Seat)), ctx.T("niccolo.colour."+e.Marker.String()))
		return l
	case nic.LandingBlocked:
		l := dot(e.Seat)
		l.Text = ctx.F("niccolo.log.blocked", tokenName(ctx, int(e.Seat)), e.Target)
		return l
	case nic.TokenMoved:
		l := dot(e.Seat)
		tok := tokenName(ctx, int(e.Seat))
		switch {
		case len(e.Path) == 0:
			l.Text = ctx.F("niccolo.log.refuse_stay", tok, e.From)
		case e.Jumped:
			var names []string
			for _, f := range e.Over {
				names = append(names, tokenName(ctx, int(f)))
			}
			over := strings.Join(names, ", ")
			if over != "" {
				l.Text = ctx.F("niccolo.log.jump_over", tok, over, e.To)
			} else {
				l.Text = ctx.F("niccolo.log.jump", tok, e.To)
			}
		case e.Refused:
			l.Text = ctx.F("niccolo.log.refuse", tok, e.To)
		case e.Gambado:
			l.Text = ctx.F("niccolo.log.gambado_move", tok, e.To)
		default:
			l.Text = ctx.F("niccolo.log.move", tok, e.To)
		}
		return l
	case nic.GambadoOffered:
		l := dot(e.Seat)
		l.Text = ctx.F("niccolo.log.gambado_offered", familyName(e.Seat))
		return l
	case nic.GambadoTaken:
		l := dot(e.Seat)
		l.Text = ctx.F("niccolo.log.gambado_taken", familyName(e.Seat))
		return l
	case nic.GambadoDeclined:
		l := dot(e.Seat)
		l.Text = ctx.F("niccolo.log.gambado_declined", familyName(e.Seat))
		return l
	case nic.TokenRemoved:
		l := dot(e.Seat)
		l.Text = ctx.F("niccolo.log.removed", tokenName(ctx, int(e.Seat)))
		return l
	case nic.TurnMarkersPassed:
		l := dot(e.First)
		l.Text = ctx.F("niccolo.log.turn", familyName(e.First))
		return l
	case nic.GameWon:
		names := make([]string, len(e.Winners))
		for i, w := range e.Winners {
			names[i] = familyName(w)
		}
		l := table.LogLine{Strong: true}
		if len(e.Winners) > 0 {
			l.Colour = familyInk[e.Winners[0]&3]
		}
		l.Text = ctx.F("niccolo.log.won", strings.Join(names, " & "))
		return l
	case nic.GameLost:
		return table.LogLine{Strong: true, Text: ctx.F("niccolo.log.lost", familyName(e.Seat))}
	}
	return table.LogLine{Text: e.String()}
}
