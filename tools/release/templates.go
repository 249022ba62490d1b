package main

import (
	"bytes"
	"embed"
	"encoding/xml"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// templates holds Info.plist, the .desktop file, install.sh and the web page's index.html.
//
//go:embed templates
var templates embed.FS

// render fills a text template from the templates folder; the "xml" function escapes a value for
// an XML text node (Info.plist).
func render(name string, data any) ([]byte, error) {
	src, err := templates.ReadFile("templates/" + name)
	if err != nil {
		return nil, err
	}
	t, err := texttemplate.New(name).Option("missingkey=error").Funcs(texttemplate.FuncMap{
		"xml": func(s string) (string, error) {
			var b strings.Builder
			err := xml.EscapeText(&b, []byte(s))
			return b.String(), err
		},
	}).Parse(string(src))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// renderHTML fills an HTML template from the templates folder, escaping values for their context
// (text, attribute or script).
func renderHTML(name string, data any) ([]byte, error) {
	t, err := htmltemplate.ParseFS(templates, "templates/"+name)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
