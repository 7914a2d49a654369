package text

import (
	"regexp"
	"strconv"
	"strings"
)

var numberWords = map[string]float64{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
	"thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90, "half": 0.5,
	"several": 3, "few": 3, "couple": 2,
}

const numPat = `(\d+(?:[.,]\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety|half an?|a half|a few|few|several|a couple of|couple of)`

// durationRe finds "2 hours", "2-3 days", "2 to 3 business days", "half an
// hour", "15 mins", "1.5h".
var durationRe = regexp.MustCompile(`(?i)\b` + numPat + `(?:\s*(?:-|–|to|or)\s*` + numPat + `)?\s*(business |working |calendar )?(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|months?)\b`)

// waitCue marks a duration as waiting (wt) rather than working (WT).
var waitCue = regexp.MustCompile(`(?i)\b(wait\w*|delay\w*|queue\w*|idle|pending|within|until|later|lead time|turnaround|response time|sits?|lies|remains?|held|on hold|transit|shipping|delivery takes|for approval|before)\b`)

var workCue = regexp.MustCompile(`(?i)\b(spends?|spent|effort|works?|working on|hands-on|person-days?|man-days?)\b`)

// durations returns the work and wait minutes mentioned in a sentence.
func durations(s string) (work, wait float64) {
	if !mayHaveDuration(s) {
		return 0, 0
	}
	for _, loc := range durationRe.FindAllStringSubmatchIndex(s, -1) {
		m := func(i int) string {
			if loc[2*i] < 0 {
				return ""
			}
			return strings.ToLower(s[loc[2*i]:loc[2*i+1]])
		}
		a := parseNum(m(1))
		if b := m(2); b != "" {
			a = (a + parseNum(b)) / 2
		}
		unit := m(4)
		var mult float64
		switch {
		case strings.HasPrefix(unit, "s"):
			mult = 1.0 / 60
		case strings.HasPrefix(unit, "mi"):
			mult = 1
		case strings.HasPrefix(unit, "h"):
			mult = 60
		case strings.HasPrefix(unit, "d"):
			mult = 1440
		case strings.HasPrefix(unit, "w"):
			mult = 7 * 1440
		case strings.HasPrefix(unit, "mo"):
			mult = 30 * 1440
		}
		minutes := a * mult
		if minutes <= 0 || minutes > 365*1440 {
			continue
		}
		// the cue must be near the number: look at the clause before it
		start := loc[0] - 60
		if start < 0 {
			start = 0
		}
		before := s[start:loc[0]]
		// days and weeks are elapsed time unless someone works them
		if waitCue.MatchString(before) || (minutes >= 1440 && !workCue.MatchString(before)) {
			wait += minutes
		} else {
			work += minutes
		}
	}
	return work, wait
}

func parseNum(s string) float64 {
	s = strings.TrimSpace(strings.ToLower(s))
	switch s {
	case "half a", "half an", "a half":
		return 0.5
	case "a few", "few":
		return 3
	case "a couple of", "couple of":
		return 2
	}
	if v, ok := numberWords[s]; ok {
		return v
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", "."), 64)
	if err != nil {
		return 0
	}
	return v
}

var unitHints = []string{"sec", "min", "hour", "hr", "day", "week", "wk", "month"}

// mayHaveDuration is a cheap test before the duration expression: a unit
// must appear ("2h" and "2 h" checked by hand).
func mayHaveDuration(s string) bool {
	l := strings.ToLower(s)
	for _, u := range unitHints {
		if strings.Contains(l, u) {
			return true
		}
	}
	for i := 1; i < len(l); i++ {
		if l[i] == 'h' && (l[i-1] >= '0' && l[i-1] <= '9' || l[i-1] == ' ' && i > 1 && l[i-2] >= '0' && l[i-2] <= '9') {
			return true
		}
	}
	return false
}
