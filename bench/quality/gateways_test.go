package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
	"github.com/spade-bpmn/spade/pkg/process"
)

func TestGatewayFlags(t *testing.T) {
	lex := wordnet.Load()
	tests := []struct {
		typ, name string
		branches  []string
		want      []string
	}{
		{process.GatewayExclusive, "Invoice approved?", []string{"Yes", "No"}, nil},
		{process.GatewayExclusive, "Moisture 30 % or more?", []string{"Yes", "No"}, nil},
		{process.GatewayExclusive, "CAB says no?", []string{"Yes", "No"}, nil},
		{process.GatewayExclusive, "Priority 1?", []string{"Yes", "No"}, nil},
		{process.GatewayExclusive, "Delay runs past 22:00?", []string{"Yes", "No"}, nil},
		{process.GatewayExclusive, "Lab cannot confirm the fault?", []string{"Yes", "No"}, nil},
		{process.GatewayParallel, "Split work", nil, nil},
		{process.GatewayExclusive, "Wear measured 0.2 mm or", nil, []string{"no question mark", "ends with or", "orphan number"}},
		{process.GatewayExclusive, "Case a replacement?", []string{"Case a replacement", "Case a closure"}, []string{"repeats branch", "missing verb"}},
		{process.GatewayExclusive, "the amount is above 2 %?", nil, []string{"starts lowercase"}},
		{process.GatewayExclusive, "Amount (net above limit?", nil, []string{"unbalanced"}},
		{process.GatewayExclusive, "It green?", nil, []string{"starts with pronoun"}},
		{process.GatewayExclusive, "Is ok?", nil, []string{"no content word"}},
		{process.GatewayEventBased, "Answer received or 7 days?", nil, []string{"orphan number"}},
		{process.GatewayExclusive, "Answer received within 7 days?", nil, nil},
		{process.GatewayExclusive, "Exit document not back within 48?", nil, []string{"orphan number"}},
		{process.GatewayExclusive, "No response within a further 30 days?", nil, nil},
		{process.GatewayExclusive, "Customer has sent every signed form that the contract lists in annex two?", nil, []string{"long"}},
		{process.GatewayExclusive, "Check check passed?", nil, []string{"repeated word"}},
		{process.GatewayExclusive, "?", nil, []string{"empty"}},
		{process.GatewayExclusive, "Fraud confirmed?", []string{"Fraud confirmed", "Fraud not confirmed"}, []string{"repeats branch"}},
		{process.GatewayExclusive, "Fraud confirmed or not?", []string{"Fraud confirmed", "Fraud not confirmed"}, nil},
		{process.GatewayExclusive, "Risk outside or within appetite?", []string{"Risk outside appetite", "Risk within appetite"}, nil},
		{process.GatewayExclusive, "Deviation above 2 %?", []string{"Deviation above 2 %", "Deviation up to 2 %"}, nil},
		{process.GatewayExclusive, "Orders under 50 EUR?", []string{"Orders under 50 EUR", "Orders of 50 EUR or more"}, nil},
		{process.GatewayExclusive, "Deviation above 2 %?", []string{"Deviation above 2 %", "Deviation noted"}, []string{"repeats branch"}},
		{process.GatewayExclusive, "Risk low?", []string{"Risk low", "Risk high"}, []string{"repeats branch"}},
		{process.GatewayExclusive, "Ask or ask?", []string{"Ask own customer", "Ask own customer"}, []string{"repeats alternative"}},
		{process.GatewayExclusive, "Approve or approve or decline?", nil, []string{"repeats alternative"}},
		{process.GatewayExclusive, "Approve, ask or reject?", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := gatewayFlags(lex, tt.typ, tt.name, tt.branches)
			if !slices.Equal(got, tt.want) {
				t.Errorf("gatewayFlags(%q) = [%s], want [%s]", tt.name, strings.Join(got, ", "), strings.Join(tt.want, ", "))
			}
		})
	}
}

func TestNamedGateways(t *testing.T) {
	m := process.Model{
		Gateways: []process.Gateway{{ID: "g1", Type: process.GatewayExclusive, Name: "Risk low?"}, {ID: "g2", Type: process.GatewayExclusive}},
		Flows: []process.Flow{
			{ID: "f1", Source: "g1", Target: "a", Condition: "Risk low"},
			{ID: "f2", Source: "g1", Target: "b", Condition: "Risk high"},
			{ID: "f3", Source: "g2", Target: "c", Condition: "x"},
		},
	}
	got := namedGateways(&m)
	if len(got) != 1 || got[0].name != "Risk low?" || !slices.Equal(got[0].branches, []string{"Risk low", "Risk high"}) {
		t.Errorf("namedGateways = %+v", got)
	}
}

func TestUnnamedDecisions(t *testing.T) {
	m := process.Model{
		Gateways: []process.Gateway{
			{ID: "named", Type: process.GatewayExclusive, Name: "Risk low?"},
			{ID: "split", Type: process.GatewayExclusive},
			{ID: "fork", Type: process.GatewayParallel},
			{ID: "join", Type: process.GatewayExclusive},
		},
		Flows: []process.Flow{
			{ID: "f1", Source: "named", Target: "a"}, {ID: "f2", Source: "named", Target: "b"},
			{ID: "f3", Source: "split", Target: "a", Condition: "Approved"}, {ID: "f4", Source: "split", Target: "b"},
			{ID: "f5", Source: "fork", Target: "a"}, {ID: "f6", Source: "fork", Target: "b"},
			{ID: "f7", Source: "join", Target: "c"},
		},
	}
	got := unnamedDecisions(&m)
	if len(got) != 1 || got[0].typ != process.GatewayExclusive || !slices.Equal(got[0].branches, []string{"Approved"}) {
		t.Errorf("unnamedDecisions = %+v", got)
	}
}
