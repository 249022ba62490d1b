package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"principe/rules"
)

// maxReplayFile bounds the file `arena replay` reads (a -jsonl file holds many records).
const maxReplayFile = 1 << 30

// replayed is what `arena replay` prints for one record.
type replayed struct {
	Line    int            `json:"line,omitempty"` // the line of a -jsonl file replayed whole
	Game    string         `json:"game"`
	Actions int            `json:"actions"`
	Hash    string         `json:"hash"`
	Over    bool           `json:"over"`
	Outcome *rules.Outcome `json:"outcome,omitempty"`
}

// cmdReplay is `arena replay [-line N] FILE`: FILE holds one record, one -jsonl line, or
// a whole -jsonl file (every line is replayed unless -line picks one). "-" reads stdin.
func cmdReplay(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	line := fs.Int("line", 0, "replay only this line (1-based) of a -jsonl file")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return err
		}
		return usageError("%v", err)
	}
	if fs.NArg() != 1 {
		return usageError("replay takes one FILE (a record or a -jsonl file)")
	}
	if *line < 0 {
		return usageError("-line must be 1 or more")
	}
	name := fs.Arg(0)
	data, err := readLimited(name)
	if err != nil {
		return err
	}
	items := splitRecords(data)
	if len(items) == 0 {
		return fmt.Errorf("%s: no record in the file", name)
	}
	if *line > len(items) {
		return fmt.Errorf("%s: -line %d but the file has %d records", name, *line, len(items))
	}
	bad := 0
	for i, item := range items {
		if *line != 0 && i+1 != *line {
			continue
		}
		out, err := replayOne(item)
		if err != nil {
			where := name
			if len(items) > 1 {
				where = fmt.Sprintf("%s line %d", name, i+1)
			}
			fmt.Fprintf(stderr, "arena replay: %s: %v\n", where, err)
			bad++
			continue
		}
		if len(items) > 1 && *line == 0 {
			out.Line = i + 1
		}
		data, err := json.Marshal(out)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", data)
	}
	if bad > 0 {
		return fmt.Errorf("%d bad record(s) in %s", bad, name)
	}
	return nil
}

func readLimited(name string) ([]byte, error) {
	var r io.Reader = os.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxReplayFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxReplayFile {
		return nil, fmt.Errorf("%s is larger than %d bytes", name, maxReplayFile)
	}
	return data, nil
}

// splitRecords returns the file as one JSON value when it is one, else its non-empty lines.
func splitRecords(data []byte) [][]byte {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil
	}
	if json.Valid(data) {
		return [][]byte{data}
	}
	var items [][]byte
	for l := range bytes.SplitSeq(data, []byte("\n")) {
		if l = bytes.TrimSpace(l); len(l) > 0 {
			items = append(items, l)
		}
	}
	return items
}

// replayOne replays a record, or the record inside a -jsonl line.
func replayOne(item []byte) (replayed, error) {
	var wrapper struct {
		Record json.RawMessage `json:"record"`
	}
	if err := json.Unmarshal(item, &wrapper); err == nil && len(wrapper.Record) > 0 && !bytes.Equal(wrapper.Record, []byte("null")) {
		item = wrapper.Record
	}
	s, rec, err := rules.Replay(item)
	if err != nil {
		return replayed{}, err
	}
	out := replayed{Game: rec.Game, Actions: len(rec.Actions), Hash: fmt.Sprintf("%016x", s.Hash()), Over: s.Over()}
	if s.Over() {
		o := s.Outcome()
		out.Outcome = &o
	}
	return out, nil
}
