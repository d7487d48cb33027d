package main

import (
	"testing"

	"github.com/gabriel-vasile/mimetype"
)

func TestCalendarAttachmentTypeNamesItsMethod(t *testing.T) {
	for _, method := range calendarMethods {
		ics := "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Thoughtfully Adorned//Bookings//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:" + method + "\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
		if got := mimetype.Detect([]byte(ics)).String(); got != calendarPartType(method) {
			t.Errorf("METHOD:%s detected as %q, want %q", method, got, calendarPartType(method))
		}
	}
	if got := mimetype.Detect([]byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n")).String(); got != "text/calendar" {
		t.Errorf("a file without METHOD detected as %q", got)
	}
	if got := mimetype.Detect([]byte("hello")).String(); got != "text/plain; charset=utf-8" {
		t.Errorf("plain text detected as %q", got)
	}
}
