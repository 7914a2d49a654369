package extract

import (
	"bufio"
	"encoding/ascii85"
	"errors"
	"io"
)

// Streaming decoders for the PDF filters that can expand data. They exist
// only to count how far a stream expands (checkPDFInflation), so each one
// reads its input in small steps and never holds more than a window of
// output: a bomb costs its decoding time, never its decoded size in memory.

// errFilterData reports input a decoder cannot continue with; the bytes
// decoded up to that point still count.
var errFilterData = errors.New("pdf filter: malformed data")

// pdfDecoder wraps r in the decoder for the named filter (full or
// abbreviated name). ok is false for filters that are not decoded here:
// image codecs (DCT, JPX, JBIG2, CCITT), whose output text extraction never
// asks for, and Crypt, which needs the document's key.
func pdfDecoder(name string, r io.Reader, earlyChange bool) (io.Reader, bool) {
	switch name {
	case "FlateDecode", "Fl":
		return inflater(r), true
	case "LZWDecode", "LZW":
		return newLZWReader(r, earlyChange), true
	case "ASCIIHexDecode", "AHx":
		return &hexReader{r: bufio.NewReaderSize(r, 4096)}, true
	case "ASCII85Decode", "A85":
		return ascii85.NewDecoder(&a85Input{r: bufio.NewReaderSize(r, 4096)}), true
	case "RunLengthDecode", "RL":
		return &runLengthReader{r: bufio.NewReaderSize(r, 4096)}, true
	}
	return nil, false
}

// hexReader decodes ASCIIHexDecode: pairs of hex digits, white space
// ignored, '>' ends the data (an odd last digit counts as followed by 0).
type hexReader struct {
	r    *bufio.Reader
	done bool
}

func (h *hexReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && !h.done {
		hi, ok, err := h.digit()
		if err != nil || !ok {
			h.done = true
			if err != nil && !errors.Is(err, io.EOF) {
				return n, err
			}
			break
		}
		lo, ok, err := h.digit()
		if err != nil || !ok {
			h.done = true
			p[n] = hi << 4
			n++
			if err != nil && !errors.Is(err, io.EOF) {
				return n, err
			}
			break
		}
		p[n] = hi<<4 | lo
		n++
	}
	if n == 0 && h.done {
		return 0, io.EOF
	}
	return n, nil
}

// digit returns the next hex digit's value; ok is false at '>' or at the
// end of the input.
func (h *hexReader) digit() (byte, bool, error) {
	for {
		c, err := h.r.ReadByte()
		if err != nil {
			return 0, false, err
		}
		switch {
		case c >= '0' && c <= '9':
			return c - '0', true, nil
		case c >= 'a' && c <= 'f':
			return c - 'a' + 10, true, nil
		case c >= 'A' && c <= 'F':
			return c - 'A' + 10, true, nil
		case c == '>':
			return 0, false, nil
		case isPDFSpace(c):
		default:
			return 0, false, errFilterData
		}
	}
}

// a85Input feeds encoding/ascii85 (which skips white space and knows 'z')
// the data before PDF's "~>" end marker.
type a85Input struct {
	r    *bufio.Reader
	done bool
}

func (a *a85Input) Read(p []byte) (int, error) {
	if a.done {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) {
		c, err := a.r.ReadByte()
		if err != nil {
			a.done = true
			break
		}
		if c == '~' {
			a.done = true
			break
		}
		p[n] = c
		n++
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// runLengthReader decodes RunLengthDecode: a length byte L, then L+1
// literal bytes (L < 128) or one byte repeated 257-L times (L > 128);
// 128 ends the data.
type runLengthReader struct {
	r      *bufio.Reader
	repeat int  // bytes of b still to emit
	b      byte // the repeated byte
	copy   int  // literal bytes still to copy
	done   bool
}

func (rl *runLengthReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		switch {
		case rl.repeat > 0:
			k := min(rl.repeat, len(p)-n)
			for i := range k {
				p[n+i] = rl.b
			}
			n += k
			rl.repeat -= k
		case rl.copy > 0:
			k, err := rl.r.Read(p[n : n+min(rl.copy, len(p)-n)])
			n += k
			rl.copy -= k
			if err != nil {
				rl.done, rl.copy = true, 0
			}
		case rl.done:
			if n == 0 {
				return 0, io.EOF
			}
			return n, nil
		default:
			l, err := rl.r.ReadByte()
			switch {
			case err != nil || l == 128:
				rl.done = true
			case l < 128:
				rl.copy = int(l) + 1
			default:
				b, err := rl.r.ReadByte()
				if err != nil {
					rl.done = true
					continue
				}
				rl.b, rl.repeat = b, 257-int(l)
			}
		}
	}
	return n, nil
}

// lzwReader decodes PDF's LZWDecode: codes of 9 to 12 bits, most
// significant bit first, 256 clears the table, 257 ends the data. With
// earlyChange (PDF's default) the code width grows one code early.
// compress/lzw cannot do that, hence this decoder.
type lzwReader struct {
	r           *bufio.Reader
	earlyChange int
	bits        uint32
	nbits       uint
	width       uint
	// The table stores each code as its prefix code and last byte;
	// strings are rebuilt back to front into out.
	prefix [4096]uint16
	suffix [4096]byte
	first  [4096]byte // first byte of each code's string
	length [4096]int
	next   int
	prev   int // previous code, -1 after a clear
	out    []byte
	pend   []byte // decoded bytes not yet returned
	done   bool
}

func newLZWReader(r io.Reader, earlyChange bool) *lzwReader {
	l := &lzwReader{r: bufio.NewReaderSize(r, 4096), out: make([]byte, 4096)}
	if earlyChange {
		l.earlyChange = 1
	}
	for i := range 256 {
		l.suffix[i], l.first[i], l.length[i] = byte(i), byte(i), 1
	}
	l.clear()
	return l
}

func (l *lzwReader) clear() {
	l.next, l.width, l.prev = 258, 9, -1
}

func (l *lzwReader) code() (int, error) {
	for l.nbits < l.width {
		c, err := l.r.ReadByte()
		if err != nil {
			return 0, err
		}
		l.bits = l.bits<<8 | uint32(c)
		l.nbits += 8
	}
	l.nbits -= l.width
	return int(l.bits>>l.nbits) & (1<<l.width - 1), nil
}

func (l *lzwReader) Read(p []byte) (int, error) {
	for len(l.pend) == 0 {
		if l.done {
			return 0, io.EOF
		}
		if err := l.step(); err != nil {
			l.done = true
			if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
				return 0, err
			}
		}
	}
	n := copy(p, l.pend)
	l.pend = l.pend[n:]
	return n, nil
}

// step decodes one code into pend.
func (l *lzwReader) step() error {
	c, err := l.code()
	if err != nil {
		return err
	}
	switch {
	case c == 256:
		l.clear()
		return nil
	case c == 257:
		return io.EOF
	case l.prev < 0:
		if c > 255 {
			return errFilterData
		}
		l.out[0] = byte(c)
		l.pend = l.out[:1]
		l.prev = c
		return nil
	}
	var firstByte byte
	switch {
	case c < l.next:
		firstByte = l.first[c]
	case c == l.next:
		firstByte = l.first[l.prev]
	default:
		return errFilterData
	}
	if l.next < 4096 {
		l.prefix[l.next] = uint16(l.prev)
		l.suffix[l.next] = firstByte
		l.first[l.next] = l.first[l.prev]
		l.length[l.next] = l.length[l.prev] + 1
		l.next++
		if l.next+l.earlyChange >= 1<<l.width && l.width < 12 {
			l.width++
		}
	}
	// Write the string of c back to front.
	n := l.length[c]
	if n > len(l.out) {
		return errFilterData
	}
	for i, k := n-1, c; i >= 0; i-- {
		l.out[i] = l.suffix[k]
		k = int(l.prefix[k])
	}
	l.pend = l.out[:n]
	l.prev = c
	return nil
}

func isPDFSpace(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\f', '\r', ' ':
		return true
	}
	return false
}
