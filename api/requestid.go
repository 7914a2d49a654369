package api

import (
	"crypto/rand"
	"encoding/hex"
	"sync/atomic"
)

// requestIDs makes the ids of requests that bring none: a random prefix
// drawn once per server and a counter, in a UUID's 8-4-4-4-12 shape (what
// logs and support tickets have carried so far). A random UUID per
// request drew 16 bytes from the system's randomness and took three
// allocations on every poll; an id only has to tell requests apart,
// across processes as well, which the 64 random bits of the prefix do.
type requestIDs struct {
	// prefix is "xxxxxxxx-xxxx-xxxx-": 16 random hex digits.
	prefix [19]byte
	n      atomic.Uint64
}

func newRequestIDs() *requestIDs {
	var r [8]byte
	_, _ = rand.Read(r[:]) // crypto/rand.Read never fails (Go 1.24+)
	g := &requestIDs{}
	hex.Encode(g.prefix[0:8], r[0:4])
	g.prefix[8] = '-'
	hex.Encode(g.prefix[9:13], r[4:6])
	g.prefix[13] = '-'
	hex.Encode(g.prefix[14:18], r[6:8])
	g.prefix[18] = '-'
	return g
}

// next returns a new id: the prefix, then the counter as 4-12 hex digits.
func (g *requestIDs) next() string {
	var n [8]byte
	v := g.n.Add(1)
	for i := 7; i >= 0; i-- {
		n[i] = byte(v)
		v >>= 8
	}
	var b [36]byte
	copy(b[:], g.prefix[:])
	hex.Encode(b[19:23], n[0:2])
	b[23] = '-'
	hex.Encode(b[24:36], n[2:8])
	return string(b[:])
}
