// Round trip of the conformance history vectors through the generated Go models: for each vector, one
// JSON line on stdout with the document as written back, or the error that rejected it.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"partwise.test/partwise"
)

type vector struct {
	Document json.RawMessage `json:"document"`
}

type result struct {
	Vector  string          `json:"vector"`
	Output  json.RawMessage `json:"output,omitempty"`
	Error   string          `json:"error,omitempty"`
	Pointer *string         `json:"pointer,omitempty"`
}

func roundTrip(path string, name string) (result, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return result{}, err
	}
	var file vector
	if err := json.Unmarshal(text, &file); err != nil {
		return result{}, err
	}
	history, err := partwise.ParseHistory(file.Document)
	var decodeError *partwise.DecodeError
	if errors.As(err, &decodeError) {
		return result{Vector: name, Error: decodeError.Expected, Pointer: &decodeError.Pointer}, nil
	}
	if err != nil {
		return result{}, err
	}
	output, err := json.Marshal(history)
	return result{Vector: name, Output: output}, err
}

func main() {
	for _, group := range []string{"valid", "invalid"} {
		entries, err := os.ReadDir(filepath.Join(os.Args[1], group))
		if err != nil {
			panic(err)
		}
		names := make([]string, 0, len(entries))
		for _, entry := range entries {
			names = append(names, entry.Name())
		}
		sort.Strings(names)
		for _, name := range names {
			line, err := roundTrip(filepath.Join(os.Args[1], group, name), group+"/"+name)
			if err != nil {
				panic(err)
			}
			encoded, err := json.Marshal(line)
			if err != nil {
				panic(err)
			}
			fmt.Println(string(encoded))
		}
	}
}
