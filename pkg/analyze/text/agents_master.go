package text

// masterTrades are the words before "master" that make it a person's
// trade ("cellar master", "harbour master", "scrum master"), where
// "vendor master" or "material master" is a record.
var masterTrades = set(`cellar harbour harbor scrum yard station brew dock ship wine quarter stage weigh post head`)

// masterRole reports a role named "<trade> master": "Cellar Master".
func masterRole(ws []string) bool {
	n := len(ws)
	return n >= 2 && norm(ws[n-1]) == "master" && masterTrades[norm(ws[n-2])]
}

// ofRole reports a role named "<role> of <what>": "Head of Year", "Head
// of Section", whose last word ("year") is no role.
func ofRole(ws []string) bool {
	for i := 1; i+1 < len(ws); i++ {
		if norm(ws[i]) == "of" && ofRoles[norm(ws[i-1])] {
			return true
		}
	}
	return false
}
