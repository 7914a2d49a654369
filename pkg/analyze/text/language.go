package text

import (
	"strings"
	"unicode"
)

// Languages the stop-word test tells apart, with the name a message uses.
var languageNames = map[string]string{"en": "English", "es": "Spanish", "pt": "Portuguese", "de": "German", "fr": "French"}

// LanguageName is the English name of a code Language returns ("Spanish"),
// or "" for an unknown one.
func LanguageName(code string) string { return languageNames[code] }

// stopWords are each language's commonest short words: a description is
// mostly made of them, so their share tells the language cheaply. A word
// may count for more than one language ("de", "que"); the words only one
// language has decide between close ones.
var stopWords = map[string]map[string]bool{
	"en": set(`the and of to is in that it for with are be by on if this then when an a or not from at as will`),
	"es": set(`el la los las de del que y en un una por para con se es al su sus lo como cuando si no le les o pero después entonces`),
	"pt": set(`o os a as do da dos das de que e em um uma para com se é ao não no na nos nas pelo pela seu sua quando depois então ou são`),
	"de": set(`der die das und ist nicht mit den dem ein eine einen zu von wird werden auf für wenn sich des im bei nach oder danach dann`),
	"fr": set(`le la les de des du et est un une en que qui pour dans par sur au aux ne pas il elle sont avec si ou puis ensuite lorsque`),
}

// minLanguageWords is how many words a text needs before its language is
// judged: a heading or a label says too little.
const minLanguageWords = 8

// Language guesses the language of a description from the share of each
// language's stop words among its first few thousand words: "en", "es",
// "pt", "de", "fr", or "" when the text is too short or matches none. A
// text stays English when English stop words are at least half as common
// as the other language's, so a quote in another language changes
// nothing.
func Language(text string) string {
	counts := map[string]int{}
	words := 0
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		if words >= 5000 {
			break
		}
		words++
		w = strings.ToLower(w)
		for lang, sw := range stopWords {
			if sw[w] {
				counts[lang]++
			}
		}
	}
	if words < minLanguageWords {
		return ""
	}
	best, bestN := "", 0
	for _, lang := range []string{"en", "es", "pt", "de", "fr"} {
		if counts[lang] > bestN {
			best, bestN = lang, counts[lang]
		}
	}
	if best == "" || bestN*8 < words {
		return "" // under one word in eight: no prose we know
	}
	if best != "en" && counts["en"]*2 >= bestN {
		return "en"
	}
	return best
}
