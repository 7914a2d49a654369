package api

import (
	"slices"
	"strings"
)

// BrowserInfo is the spec's browser info (part 1 §3).
type BrowserInfo struct {
	Name        string `json:"name"`
	IsMobile    bool   `json:"isMobile"`
	IsTablet    bool   `json:"isTablet"`
	IsSafari    bool   `json:"isSafari"`
	IsSupported bool   `json:"isSupported"`
	UserAgent   string `json:"userAgent"`
}

// Browser-rule messages (spec part 1 §8).
const (
	msgMobile      = "Mobile browsers are not currently supported. Please use a desktop browser."
	msgTablet      = "Tablet browsers are not currently supported. Please use a desktop browser."
	msgSafari      = "Safari is not currently supported."
	msgUnsupported = "Your current browser is not supported. Please use a supported desktop browser."
)

// RecommendedBrowsers are the browsers sign-in supports.
var RecommendedBrowsers = []string{"Chrome", "Edge", "Firefox"}

// DetectBrowser classifies a User-Agent: sign-in is allowed only on desktop
// Chrome (including headless Chrome and Chromium), Edge and Firefox. It
// returns the info and, for refused browsers, the message to show.
func DetectBrowser(ua string) (BrowserInfo, string) {
	if len(ua) > 1024 {
		ua = ua[:1024]
	}
	b := BrowserInfo{UserAgent: ua}
	b.Name = browserName(ua)
	b.IsSafari = b.Name == "Safari"
	b.IsTablet, b.IsMobile = formFactor(ua)
	msg := refusal(b)
	b.IsSupported = msg == ""
	return b, msg
}

// browserName names the browser family of ua: Edge, Firefox, Other (a
// Chromium-based browser sign-in does not support), Chrome, Safari or
// Unknown. The order matters: Edge and the others also say Chrome/, and
// every Chromium says Safari/.
func browserName(ua string) string {
	switch {
	case containsAny(ua, "Edg/", "Edge/"):
		return "Edge"
	case containsAny(ua, "Firefox/", "FxiOS/"):
		return "Firefox"
	case containsAny(ua, "OPR/", "Opera", "SamsungBrowser/", "UCBrowser/", "YaBrowser/"):
		return "Other"
	case containsAny(ua, "HeadlessChrome/", "Chrome/", "Chromium/", "CriOS/"):
		return "Chrome"
	case strings.Contains(ua, "Safari/") && strings.Contains(ua, "AppleWebKit/"):
		return "Safari"
	}
	return "Unknown"
}

// formFactor reports whether ua is a tablet's or else a phone's (an
// Android without "Mobile" is a tablet; Chrome and Firefox on iOS are
// phones).
func formFactor(ua string) (tablet, mobile bool) {
	if containsAny(ua, "iPad", "Tablet") || strings.Contains(ua, "Android") && !strings.Contains(ua, "Mobile") {
		return true, false
	}
	return false, containsAny(ua, "Mobi", "iPhone", "iPod", "Android", "CriOS/", "FxiOS/")
}

// refusal is the message for a browser sign-in refuses, "" for a
// supported one.
func refusal(b BrowserInfo) string {
	switch {
	case b.IsMobile:
		return msgMobile
	case b.IsTablet:
		return msgTablet
	case b.IsSafari:
		return msgSafari
	case slices.Contains(RecommendedBrowsers, b.Name):
		return ""
	}
	return msgUnsupported
}

// containsAny reports whether s contains one of subs.
func containsAny(s string, subs ...string) bool {
	return slices.ContainsFunc(subs, func(sub string) bool { return strings.Contains(s, sub) })
}
