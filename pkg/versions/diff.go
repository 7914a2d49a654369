package versions

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Change is what happened to one element between two versions.
type Change struct {
	ID   string `json:"id"`
	Kind string `json:"kind"` // activity | gateway | event | flow | message_flow | data | pool | lane
	// What is added, removed, renamed, moved (another lane) or changed.
	What string `json:"what" enum:"added,removed,renamed,moved,changed"`
	Name string `json:"name"`
	// To is the new lane of a moved element, the new name of a renamed one.
	To string `json:"to,omitempty"`
}

type element struct {
	kind, name, lane, detail string
}

func elements(m *process.Model) map[string]element {
	out := map[string]element{}
	if m == nil {
		return out
	}
	// The main pool is the same place whether the model names it or not
	// (a diagram read back from BPMN names the pool it was drawn in).
	main := ""
	for _, p := range m.Pools {
		if !p.Collapsed {
			main = p.ID
			break
		}
	}
	lane := func(pool, performer string) string {
		if pool == main {
			pool = ""
		}
		return pool + "/" + performer
	}
	for _, a := range m.Activities {
		out[a.ID] = element{"activity", a.Name, lane(a.Pool, a.Performer), activityKind(a.Type) + "|" + marker(a.Marker) + "|" + a.Parent}
	}
	for _, g := range m.Gateways {
		out[g.ID] = element{"gateway", g.Name, lane(g.Pool, g.Performer), g.Type + "|" + g.Parent}
	}
	for _, e := range m.Events {
		out[e.ID] = element{"event", e.Name, lane(e.Pool, e.Performer), e.Type + "|" + e.Trigger + "|" + e.Timer + "|" + e.AttachedTo}
	}
	for _, f := range m.Flows {
		out["flow:"+f.Source+">"+f.Target] = element{"flow", f.Condition, "", fmt.Sprint(f.Default)}
	}
	for _, f := range m.MessageFlows {
		out["message:"+f.Source+">"+f.Target] = element{"message_flow", f.Name, "", ""}
	}
	for _, d := range m.Data {
		out[d.ID] = element{"data", d.Name, "", d.Kind}
	}
	return out
}

// Diff lists the changes from old to new, element by element (by id; flows
// by their endpoints), in a stable order.
func Diff(old, new *process.Model) []Change {
	a, b := elements(old), elements(new)
	var out []Change
	for id, e := range b {
		o, ok := a[id]
		switch {
		case !ok:
			out = append(out, Change{ID: id, Kind: e.kind, What: "added", Name: e.name})
		case o.lane != e.lane && !strings.HasSuffix(o.lane, "/") && !strings.HasSuffix(e.lane, "/"):
			// An element that gains or loses a lane was not moved by
			// anyone: the drawing placed it.
			out = append(out, Change{ID: id, Kind: e.kind, What: "moved", Name: e.name, To: laneName(e.lane)})
		case o.name != e.name:
			out = append(out, Change{ID: id, Kind: e.kind, What: "renamed", Name: o.name, To: e.name})
		case o.detail != e.detail:
			out = append(out, Change{ID: id, Kind: e.kind, What: "changed", Name: e.name})
		}
	}
	for id, o := range a {
		if _, ok := b[id]; !ok {
			out = append(out, Change{ID: id, Kind: o.kind, What: "removed", Name: o.name})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		if out[i].What != out[j].What {
			return out[i].What < out[j].What
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// activityKind keeps the activity types a person chooses; plain, user and
// service tasks are one kind here because the drawing picks among them
// from the systems an activity uses, so a diagram read back would show
// every task as "changed".
func activityKind(t string) string {
	switch t {
	case "", process.ActivityTask, process.ActivityUser, process.ActivityService:
		return ""
	}
	return t
}

func marker(m string) string {
	if m == process.MarkerNone {
		return ""
	}
	return m
}

func laneName(lane string) string {
	_, name, _ := strings.Cut(lane, "/")
	if name == "" {
		return "no lane"
	}
	return name
}

// Summary is the one line a version list shows: "+2 tasks, 1 moved to
// Finance, 1 gateway removed".
func Summary(changes []Change) string {
	if len(changes) == 0 {
		return "No change to the process model"
	}
	noun := map[string][2]string{
		"activity": {"task", "tasks"}, "gateway": {"gateway", "gateways"}, "event": {"event", "events"},
		"flow": {"flow", "flows"}, "message_flow": {"message flow", "message flows"}, "data": {"data object", "data objects"},
	}
	count := map[[2]string]int{}
	var order [][2]string
	for _, c := range changes {
		key := [2]string{c.Kind, c.What}
		if c.What == "moved" {
			key[1] = "moved to " + c.To
		}
		if count[key] == 0 {
			order = append(order, key)
		}
		count[key]++
	}
	// Tasks first, then gateways, events, the rest; flows only when
	// nothing else changed (every task added brings flows along).
	rank := map[string]int{"activity": 0, "gateway": 1, "event": 2, "data": 3, "message_flow": 4, "flow": 5}
	sort.SliceStable(order, func(i, j int) bool { return rank[order[i][0]] < rank[order[j][0]] })
	onlyFlows := true
	for _, k := range order {
		if k[0] != "flow" {
			onlyFlows = false
		}
	}
	var parts []string
	for _, k := range order {
		if k[0] == "flow" && !onlyFlows {
			continue
		}
		n := count[k]
		word := noun[k[0]][0]
		if n != 1 {
			word = noun[k[0]][1]
		}
		switch {
		case k[1] == "added":
			parts = append(parts, fmt.Sprintf("+%d %s", n, word))
		case k[1] == "removed":
			parts = append(parts, fmt.Sprintf("%d %s removed", n, word))
		case strings.HasPrefix(k[1], "moved to "):
			parts = append(parts, fmt.Sprintf("%d %s %s", n, word, k[1]))
		default:
			parts = append(parts, fmt.Sprintf("%d %s %s", n, word, k[1]))
		}
	}
	return strings.Join(parts, ", ")
}
