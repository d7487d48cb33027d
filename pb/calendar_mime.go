package main

import (
	"bytes"
	"reflect"
	"unsafe"

	"github.com/gabriel-vasile/mimetype"
)

// iTIP methods whose calendar files are sent by e-mail (domain/mail/ics.ts IcsMethod).
var calendarMethods = []string{"PUBLISH", "REQUEST", "CANCEL"}

// calendarPartType is the Content-Type of an e-mailed calendar file with METHOD `method`
// (RFC 6047 §2.4: the MIME part names the same method as the VCALENDAR's METHOD property, so
// Gmail and Outlook show a REQUEST as an invitation and a CANCEL as its withdrawal).
func calendarPartType(method string) string {
	return "text/calendar; charset=utf-8; method=" + method
}

// init teaches PocketBase's mailer the iTIP method of a calendar attachment
// (docs/decisions/049). The mailer gives each attachment the type that gabriel-vasile/mimetype
// detects from its first bytes, plain `text/calendar` for every .ics, and takes no type from the
// hooks (mailer.Message's attachments are bare readers). So text/calendar gets one child type per
// method, matched on the file's `METHOD:` line; mimetype.Extend drops a type's parameters, so
// the child's name is set after it is added.
func init() {
	parent := mimetype.Lookup("text/calendar")
	if parent == nil {
		return
	}
	for _, method := range calendarMethods {
		line := []byte("\nMETHOD:" + method + "\r\n")
		parent.Extend(func(raw []byte, _ uint32) bool { return bytes.Contains(raw, line) }, "text/calendar", ".ics")
		sample := []byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:" + method + "\r\nEND:VCALENDAR\r\n")
		setMimeName(mimetype.Detect(sample), calendarPartType(method))
	}
}

// setMimeName sets the unexported name of a detected type `m` (a pointer into mimetype's tree),
// which its String() returns.
func setMimeName(m *mimetype.MIME, name string) {
	field := reflect.ValueOf(m).Elem().FieldByName("mime")
	if !field.IsValid() || field.Kind() != reflect.String {
		return
	}
	reflect.NewAt(field.Type(), unsafe.Pointer(field.UnsafeAddr())).Elem().SetString(name)
}
