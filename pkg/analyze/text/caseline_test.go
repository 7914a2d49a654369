package text

import (
	"context"
	"strings"
	"testing"
)

// TestCaseLineUnderCheckbox covers a case line under a checklist item
// once text extraction has dropped its indent: "seal broken → refuse the
// load → END" is an item of its own, while a line that carries on an item
// cut after "the" or a comma stays part of it.
func TestCaseLineUnderCheckbox(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		items []string
	}{
		{
			name:  "case under a checkbox",
			text:  "[ ] Truck at door → check seal number against the ASN\nseal broken → refuse the load → END\n[ ] Seal OK → unload pallets",
			items: []string{"Truck at door → check seal number against the ASN", "seal broken → refuse the load → End", "Seal OK → unload pallets"},
		},
		{
			name:  "two cases under a checkbox",
			text:  "[ ] QA decides:\nrelease → put away to cold store\ndestroy → book the stock as scrap → END\n[ ] Post the goods receipt",
			items: []string{"QA decides:", "release → put away to cold store", "destroy → book the stock as scrap → End", "Post the goods receipt"},
		},
		{
			name:  "wrapped after an article",
			text:  "[ ] Truck at door → check the seal against the\ndelivery note → note it\n[ ] Seal OK → unload pallets",
			items: []string{"Truck at door → check the seal against the delivery note → note it", "Seal OK → unload pallets"},
		},
		{
			name:  "long lead is no case",
			text:  "[ ] Truck at door → check seal\nnumber and the delivery note of the truck → note it\n[ ] Seal OK → unload pallets",
			items: []string{"Truck at door → check seal number and the delivery note of the truck → note it", "Seal OK → unload pallets"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, b := range segment(context.Background(), tt.text) {
				if b.kind == blockItem {
					got = append(got, b.text)
				}
			}
			if strings.Join(got, " | ") != strings.Join(tt.items, " | ") {
				t.Errorf("items\n got %q\nwant %q", got, tt.items)
			}
		})
	}
}

// TestFlatArrowChecklist covers the same checklist read whole: the
// refused load never reaches the unloading.
func TestFlatArrowChecklist(t *testing.T) {
	checkLogic(t, logicCase{
		name:  "refused load ends",
		text:  "Dock checklist (receiving clerk)\n\n[ ] Truck at door → check seal number against the ASN\nseal broken → refuse the load → inform the carrier → END\n[ ] Seal OK → unload pallets to the cold zone\n[ ] Post the goods receipt in the WMS",
		never: [][2]pattern{{{"refus"}, {"unload"}}, {{"refus"}, {"post"}}},
		reach: [][2]pattern{{{"check", "seal"}, {"unload"}}},
	})
}
