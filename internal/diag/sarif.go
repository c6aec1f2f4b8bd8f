package diag

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
)

// WriteSARIF prints ds as one SARIF 2.1.0 log with a single run, for code
// scanning services (GitHub code scanning, IDE SARIF viewers):
//
//   - tool.driver is accc at toolVersion, with one rule per distinct Code,
//     sorted by id; a remark code's rule has the taxonomy's description
//     (RemarkKind.Doc) as its shortDescription;
//   - each diagnostic is a result with ruleId (and ruleIndex) when it has a
//     Code, level "error", "warning" or "note" (for a remark), the message,
//     and one physicalLocation: artifactLocation.uri and region.startLine
//     and startColumn (1-based; columns count bytes); a diagnostic without
//     a position has no location;
//   - related positions are relatedLocations with their messages;
//   - a negative remark (Diagnostic.Neg) has the property "negative": true;
//   - uri is the file name as given, as a relative URI reference, or a
//     file:// URI for an absolute path.
func WriteSARIF(w io.Writer, ds []Diagnostic, toolVersion string) error {
	var codes []string
	for _, d := range ds {
		if d.Code != "" && !slices.Contains(codes, string(d.Code)) {
			codes = append(codes, string(d.Code))
		}
	}
	slices.Sort(codes)
	rules := make([]sarifRule, len(codes))
	for i, c := range codes {
		rules[i] = sarifRule{ID: c}
		if k, ok := LookupRemark(Code(c)); ok {
			rules[i].ShortDescription = &sarifMessage{Text: k.Doc}
		}
	}
	results := make([]sarifResult, 0, len(ds))
	for _, d := range ds {
		r := sarifResult{
			Level:   sarifLevel(d.Severity),
			Message: sarifMessage{Text: d.Msg},
		}
		if d.Neg {
			r.Properties = &sarifProperties{Negative: true}
		}
		if d.Code != "" {
			r.RuleID = string(d.Code)
			i, _ := slices.BinarySearch(codes, string(d.Code))
			r.RuleIndex = &i
		}
		if l, ok := sarifLocationOf(d.Pos, ""); ok {
			r.Locations = []sarifLocation{l}
		}
		for _, rel := range d.Related {
			l, _ := sarifLocationOf(rel.Pos, rel.Msg)
			id := len(r.RelatedLocations)
			l.ID = &id
			r.RelatedLocations = append(r.RelatedLocations, l)
		}
		results = append(results, r)
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           "accc",
				Version:        toolVersion,
				InformationURI: "https://github.com/accc-compiler/accc",
				Rules:          rules,
			}},
			Results: results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "note"
}

// sarifURI turns a file name into a URI reference.
func sarifURI(file string) string {
	slashed := filepath.ToSlash(file)
	if filepath.IsAbs(file) {
		if !strings.HasPrefix(slashed, "/") {
			slashed = "/" + slashed // a Windows drive letter
		}
		return (&url.URL{Scheme: "file", Path: slashed}).String()
	}
	return (&url.URL{Path: slashed}).String()
}

func sarifLocationOf(p Pos, msg string) (sarifLocation, bool) {
	var l sarifLocation
	if msg != "" {
		l.Message = &sarifMessage{Text: msg}
	}
	if p.File == "" && !p.IsValid() {
		return l, false
	}
	l.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: sarifURI(p.File)}}
	if p.IsValid() {
		l.PhysicalLocation.Region = &sarifRegion{StartLine: p.Line}
		if p.Col > 0 {
			l.PhysicalLocation.Region.StartColumn = p.Col
		}
	}
	return l, true
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string        `json:"id"`
	ShortDescription *sarifMessage `json:"shortDescription,omitempty"`
}

type sarifProperties struct {
	Negative bool `json:"negative,omitempty"`
}

type sarifResult struct {
	RuleID           string           `json:"ruleId,omitempty"`
	RuleIndex        *int             `json:"ruleIndex,omitempty"`
	Level            string           `json:"level"`
	Message          sarifMessage     `json:"message"`
	Locations        []sarifLocation  `json:"locations,omitempty"`
	RelatedLocations []sarifLocation  `json:"relatedLocations,omitempty"`
	Properties       *sarifProperties `json:"properties,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	ID               *int           `json:"id,omitempty"`
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	Message          *sarifMessage  `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}
