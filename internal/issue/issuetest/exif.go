package issuetest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
)

// Latitude is the position GPSJPEG writes, as its EXIF rationals' bytes
// (59° 26' 14.25" N, Tallinn): a test looks for them in a stored photo.
var Latitude = func() []byte {
	b := make([]byte, 24)
	for i, r := range [][2]uint32{{59, 1}, {26, 1}, {1425, 100}} {
		binary.BigEndian.PutUint32(b[8*i:], r[0])
		binary.BigEndian.PutUint32(b[8*i+4:], r[1])
	}
	return b
}()

// XMPMarker is a string only GPSJPEG's XMP block holds.
const XMPMarker = "exif:GPSLatitude"

// GPSJPEG is a w×h JPEG as a phone writes one: an EXIF block (APP1) with the
// orientation tag and a GPS position (Latitude), and an XMP block with the
// same position. Its left half is red and its right half blue, so a test can
// tell which way a photo was turned.
func GPSJPEG(w, h, orientation int) []byte {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{R: 220, A: 255}
			if x >= w/2 {
				c = color.RGBA{B: 220, A: 255}
			}
			m.Set(x, y, c)
		}
	}
	var plain bytes.Buffer
	if err := jpeg.Encode(&plain, m, &jpeg.Options{Quality: 95}); err != nil {
		panic(err)
	}
	var out bytes.Buffer
	out.Write(plain.Bytes()[:2]) // SOI
	out.Write(segment(0xE1, append([]byte("Exif\x00\x00"), tiff(orientation)...)))
	xmp := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" ` + XMPMarker + `="59,26.2375N"/></rdf:RDF></x:xmpmeta>`
	out.Write(segment(0xE1, append([]byte("http://ns.adobe.com/xap/1.0/\x00"), xmp...)))
	out.Write(plain.Bytes()[2:])
	return out.Bytes()
}

func segment(marker byte, body []byte) []byte {
	s := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(s[2:], uint16(len(body)+2))
	return append(s, body...)
}

// tiff is a big-endian EXIF body: IFD0 with Orientation and the GPS IFD's
// pointer, then the GPS IFD with GPSLatitudeRef and GPSLatitude.
func tiff(orientation int) []byte {
	be := binary.BigEndian
	b := make([]byte, 0, 128)
	b = append(b, 'M', 'M', 0, 42, 0, 0, 0, 8)
	entry := func(tag, typ uint16, count, value uint32) {
		b = be.AppendUint16(b, tag)
		b = be.AppendUint16(b, typ)
		b = be.AppendUint32(b, count)
		b = be.AppendUint32(b, value)
	}
	const ifd0 = 8
	gps := ifd0 + 2 + 2*12 + 4
	latitude := gps + 2 + 2*12 + 4
	b = be.AppendUint16(b, 2)
	entry(0x0112, 3, 1, uint32(orientation)<<16) // SHORT, left-justified in the value field
	entry(0x8825, 4, 1, uint32(gps))             // GPSInfo IFD pointer (LONG)
	b = be.AppendUint32(b, 0)
	b = be.AppendUint16(b, 2)
	entry(0x0001, 2, 2, uint32('N')<<24)  // GPSLatitudeRef "N\0"
	entry(0x0002, 5, 3, uint32(latitude)) // GPSLatitude: 3 RATIONALs
	b = be.AppendUint32(b, 0)
	return append(b, Latitude...)
}
