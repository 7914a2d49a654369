package text

import "testing"

func TestEachObject(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"The licensing service shall consult the police and the fire service.",
			"The licensing service shall consult the police and the licensing service shall consult the fire service."},
		{"The clerk notifies the bank and the insurer",
			"The clerk notifies the bank and the clerk notifies the insurer."},
		{"The clerk checks the form and files it.", "The clerk checks the form and files it."},
		{"The clerk checks the form and the nurse calls the ward.", "The clerk checks the form and the nurse calls the ward."},
		{"The clerk checks the form.", "The clerk checks the form."},
	} {
		if got := eachObject(c.in); got != c.want {
			t.Errorf("eachObject(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEachObjectSideBySide(t *testing.T) {
	t.Parallel()
	checkSideBySide(t, sideBySideCase{
		text: "The clerk receives the application. The licensing service shall at the same time consult the police and the fire service. The clerk issues the permit.",
		a:    "Consult police", b: "Consult fire service", after: "Issue permit",
	})
}
