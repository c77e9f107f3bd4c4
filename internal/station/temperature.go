package station

// TemperatureBand is the product's promise for one temperature class: the
// range a compartment of that class is kept in. It is the one table the
// customer screens (served with each product), the built-in station
// simulator, the MQTT alarm limits and the temperature credit rule all read,
// so what customers are told is what the stations are held to.
type TemperatureBand struct {
	Class string // cool | neutral | warm
	// Controlled: the compartment is cooled or warmed and reports its
	// temperature. A neutral one follows the weather: no promise, no alarm.
	Controlled bool
	MinCelsius float64 // the band's lower edge (Controlled only)
	MaxCelsius float64 // the band's upper edge (Controlled only)
}

// temperatureBands: cooled compartments are a fridge (2-8 °C); warmed ones
// are kept at room temperature, so what must not freeze survives an Estonian
// winter (15-25 °C; not a food warmer).
var temperatureBands = []TemperatureBand{
	{Class: "cool", Controlled: true, MinCelsius: 2, MaxCelsius: 8},
	{Class: "neutral"},
	{Class: "warm", Controlled: true, MinCelsius: 15, MaxCelsius: 25},
}

// Band is the promise for a temperature class; ok is false for an unknown
// class.
func Band(class string) (b TemperatureBand, ok bool) {
	for _, b := range temperatureBands {
		if b.Class == class {
			return b, true
		}
	}
	return TemperatureBand{}, false
}

// Bands is the whole table, in Temperatures' order.
func Bands() []TemperatureBand {
	return append([]TemperatureBand(nil), temperatureBands...)
}

// Target is the middle of a controlled band: where a working compartment
// settles.
func (b TemperatureBand) Target() float64 {
	return (b.MinCelsius + b.MaxCelsius) / 2
}
