package extract

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/filter"
)

// TestPDFDecodersRoundTrip: each streaming decoder undoes pdfcpu's encoder
// of the same filter, on text, on random bytes and on long runs (where
// LZW's code width grows and its table fills).
func TestPDFDecodersRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 300_000)
	for i := range random {
		random[i] = byte(rnd.IntN(256))
	}
	inputs := map[string][]byte{
		"empty":  {},
		"text":   []byte(strings.Repeat("The clerk checks the invoice and approves it. ", 2000)),
		"random": random,
		"run":    bytes.Repeat([]byte{' '}, 1<<20),
	}
	for _, name := range []string{filter.LZW, filter.ASCIIHex, filter.ASCII85, filter.RunLength, filter.Flate} {
		for in, data := range inputs {
			t.Run(name+"/"+in, func(t *testing.T) {
				f, err := filter.NewFilter(name, nil)
				if err != nil {
					t.Fatal(err)
				}
				enc, err := f.Encode(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				r, ok := pdfDecoder(name, enc, true)
				if !ok {
					t.Fatal("no decoder")
				}
				got, err := io.ReadAll(r)
				if err != nil {
					t.Fatalf("decode: %v", err)
				}
				if !bytes.Equal(got, data) {
					t.Fatalf("decoded %d bytes, want %d", len(got), len(data))
				}
			})
		}
	}
}

func TestPDFDecodersOnGarbage(t *testing.T) {
	for _, name := range []string{"LZWDecode", "ASCIIHexDecode", "ASCII85Decode", "RunLengthDecode", "FlateDecode"} {
		for _, in := range []string{"", "\xff\xff\xff\xff", "zz>", "~>", strings.Repeat("\x80", 100)} {
			r, _ := pdfDecoder(name, strings.NewReader(in), true)
			if n, _ := io.Copy(io.Discard, io.LimitReader(r, 1<<20)); n > 1<<16 {
				t.Errorf("%s on %q: %d bytes", name, in, n)
			}
		}
	}
	if _, ok := pdfDecoder("DCTDecode", strings.NewReader(""), true); ok {
		t.Error("image codecs are not decoded")
	}
}
