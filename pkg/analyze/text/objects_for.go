package text

// spanWords after "for a" make a span of time or an amount, not a thing:
// "for a while", "for a few days", "for a maximum of".
var spanWords = set(`few couple while moment period maximum minimum total further second time bit number lot`)

// articleThing reports "a"/"an" before a thing asked or applied for:
// "applies for an export licence", "asks for a refund"; "for a week" and
// "for a while" stay a duration.
func articleThing(article, w string) bool {
	a, n := norm(article), norm(w)
	return (a == "a" || a == "an") && !timeUnits.MatchString(n) && !spanWords[n]
}
