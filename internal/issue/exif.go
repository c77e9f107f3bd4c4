package issue

import "encoding/binary"

// exifOrientation reads the one EXIF tag a re-encoded photo still needs, the
// orientation (0x0112 in IFD0), from a JPEG's APP1 block: 1 (upright) when
// there is none or it cannot be read. Only this tag is read, so a full EXIF
// library would bring a parser for everything that Reencode throws away.
func exifOrientation(data []byte, ct string) int {
	if ct != "image/jpeg" || len(data) < 4 {
		return 1
	}
	for i := 2; i+4 <= len(data) && data[i] == 0xFF; {
		marker := data[i+1]
		if marker == 0xDA || marker == 0xD9 { // start of scan: no more metadata
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	ifd := int(bo.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[ifd:]))
	for e := 0; e < count; e++ {
		at := ifd + 2 + 12*e
		if at+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[at:]) == 0x0112 && bo.Uint16(t[at+2:]) == 3 { // SHORT
			if o := int(bo.Uint16(t[at+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}
