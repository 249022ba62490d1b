package niccolo

// TokenPreview is what a token's rule would do in the coming moving phase, seen from
// the position before any token moves: the card-play preview of the table.
type TokenPreview struct {
	OnBoard bool // false for a token removed in Partner Niccolò: the other fields are zero
	From    int  // the square it stands on
	Steps   int  // its rule: signed squares (0 under the Inquisition: it stays)
	Landing int  // the square the rule lands on (From when Steps is 0)
	// Occupied: another token stands on Landing now, so its player will be asked to
	// refuse or jump (an Envoy decides at once), unless that token moves away first.
	Occupied bool
	// Wins: landing on Landing would bring its progress to CircuitProgress or more.
	Wins bool
}

// PreviewMoves returns, token by token, where each token's rule would send it under
// the given marker positions (e.g. those a candidate card would leave), from the
// tokens' squares in this observation. It uses the rules' own movement code and only
// public information. It does not foresee the order of moves: a token moving earlier
// in the round can free or take another's landing square, and a refuse, a jump or a
// Gambado can change where a token ends.
func (o *Observation) PreviewMoves(markers [4]Zone) [4]TokenPreview {
	s := State{variant: o.Variant, markers: markers, removed: o.Removed}
	for t := 0; t < 4; t++ {
		s.square[t] = int8(wrap(o.Squares[t]))
		s.progress[t] = int16(o.Progress[t])
	}
	return s.previewMoves()
}

// previewMoves is PreviewMoves on the state's own squares and markers.
func (s *State) previewMoves() [4]TokenPreview {
	var pv [4]TokenPreview
	for t := 0; t < 4; t++ {
		if s.removed[t] {
			continue
		}
		from := int(s.square[t])
		steps := s.rule(from)
		to := landing(from, steps)
		pv[t] = TokenPreview{
			OnBoard:  true,
			From:     from,
			Steps:    steps,
			Landing:  to,
			Occupied: steps != 0 && s.occupied(to, t),
			Wins:     int(s.progress[t])+legProgress(from, to, steps) >= CircuitProgress,
		}
	}
	return pv
}
