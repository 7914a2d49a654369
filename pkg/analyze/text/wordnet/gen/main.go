// Command gen writes lexicon.txt, the trimmed WordNet 3.0 verb lexicon the
// built-in analyzer embeds, from a WordNet database directory (Debian
// package wordnet-base: /usr/share/wordnet).
//
//	go run ./pkg/analyze/text/wordnet/gen -dict /usr/share/wordnet > pkg/analyze/text/wordnet/lexicon.txt
//
// Only what the analyzer needs is kept: every single-word verb and every
// verb + particle ("set up") with how often WordNet's tagged corpus saw the
// word as a verb, a noun and an adjective (which decides whether "order" or
// "complete" starts an action), and the irregular verb forms.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const licence = `# Trimmed from WordNet 3.0 by pkg/analyze/text/wordnet/gen (see its doc).
#
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
#
# Permission to use, copy, modify and distribute this software and database
# and its documentation for any purpose and without fee or royalty is hereby
# granted, provided that you agree to comply with the following copyright
# notice and statements, including the disclaimer, and that the same appear
# on ALL copies of the software, database and documentation, including
# modifications that you make for internal use or for distribution.
#
# THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY
# MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF
# EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS
# OR WARRANTIES OF MERCHANTABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR
# THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT
# INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS.
#
# The name of Princeton University or Princeton may not be used in
# advertising or publicity pertaining to distribution of the software and/or
# database. Title to copyright in this software, database and any associated
# documentation shall at all times remain with Princeton University and
# LICENSEE agrees to preserve same.
#
# v LEMMA VERB_TAGGED NOUN_TAGGED ADJ_TAGGED (tagged sense counts + 1 for
#   every WordNet sense, so that untagged senses still count a little)
# x FORM BASE (irregular verb forms)
`

var particles = map[string]bool{"up": true, "out": true, "off": true, "in": true, "on": true, "over": true, "back": true, "down": true, "away": true, "through": true}

func main() {
	dict := flag.String("dict", "/usr/share/wordnet", "WordNet database directory")
	flag.Parse()
	if err := run(*dict, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(dict string, w io.Writer) error {
	verbs, err := counts(filepath.Join(dict, "index.verb"))
	if err != nil {
		return err
	}
	nouns, err := counts(filepath.Join(dict, "index.noun"))
	if err != nil {
		return err
	}
	adjs, err := counts(filepath.Join(dict, "index.adj"))
	if err != nil {
		return err
	}
	var lemmas []string
	for l := range verbs {
		parts := strings.Split(l, "_")
		if len(parts) == 1 || (len(parts) == 2 && particles[parts[1]]) {
			if strings.IndexFunc(l, func(r rune) bool { return (r < 'a' || r > 'z') && r != '_' && r != '-' }) < 0 {
				lemmas = append(lemmas, l)
			}
		}
	}
	sort.Strings(lemmas)
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, licence)
	for _, l := range lemmas {
		fmt.Fprintf(bw, "v %s %d %d %d\n", strings.ReplaceAll(l, "_", " "), verbs[l], nouns[l], adjs[l])
	}
	exc, err := os.ReadFile(filepath.Join(dict, "verb.exc"))
	if err != nil {
		return fmt.Errorf("read verb exceptions: %w", err)
	}
	for _, line := range strings.Split(string(exc), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && !strings.Contains(f[0], "_") && !strings.Contains(f[1], "_") {
			fmt.Fprintf(bw, "x %s %s\n", f[0], f[1])
		}
	}
	return bw.Flush()
}

// counts reads a WordNet index file into lemma → tagged sense count + sense
// count.
func counts(path string) (map[string]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open wordnet index: %w", err)
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, " ") {
			continue // licence header
		}
		fs := strings.Fields(line)
		if len(fs) < 6 {
			continue
		}
		pcnt, err := strconv.Atoi(fs[3])
		if err != nil || len(fs) < 6+pcnt {
			continue
		}
		senses, _ := strconv.Atoi(fs[4+pcnt])
		tagged, _ := strconv.Atoi(fs[5+pcnt])
		out[fs[0]] = tagged + senses
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read wordnet index %s: %w", path, err)
	}
	return out, nil
}
