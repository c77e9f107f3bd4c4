package mqttctl_test

import (
	"context"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/paho"
	"github.com/google/uuid"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/brokerfile"
	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/adapters/mqttctl/stationprog"
	"lockers/internal/hardware"
)

// memCredentials is hardware.CredentialStore in memory: every station the
// test names exists.
type memCredentials struct {
	mu   sync.Mutex
	rows map[string]hardware.Credentials
}

func (m *memCredentials) StationCredentials(_ context.Context, id string) (hardware.Credentials, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if c, ok := m.rows[id]; ok {
		return c, nil
	}
	return hardware.Credentials{StationID: id, Generation: 1, BrokerGeneration: 1}, nil
}

func (m *memCredentials) SaveCredentials(_ context.Context, c hardware.Credentials) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rows == nil {
		m.rows = map[string]hardware.Credentials{}
	}
	m.rows[c.StationID] = c
	return nil
}

func (m *memCredentials) CredentialsOf(context.Context) ([]hardware.Credentials, error) {
	return nil, nil
}

// lockerdLogin is lockerd's broker login in the shipped broker tests.
const lockerdPassword = "lockerd-broker-password"

// shippedBroker starts deploy/mosquitto's broker with logins for lockerd and
// for each station (its password of generation 1 of testSecret).
func shippedBroker(t *testing.T, stations ...string) *mqtttest.Broker {
	t.Helper()
	return mqtttest.StartShipped(t, "../../../deploy/mosquitto", func(path string) {
		writeLogins(t, path, stations...)
	})
}

func writeLogins(t *testing.T, path string, stations ...string) {
	t.Helper()
	logins := []brokerfile.Login{{User: "lockerd", Password: lockerdPassword}}
	for _, s := range stations {
		logins = append(logins, brokerfile.Login{User: s, Password: hardware.BrokerPassword(testSecret, s, 1)})
	}
	if err := brokerfile.Write(path, logins); err != nil {
		t.Fatal(err)
	}
}

func withLogin(b *mqtttest.Broker, user, password string) string {
	return strings.Replace(b.URL, "mqtt://", "mqtt://"+url.UserPassword(user, password).String()+"@", 1)
}

// dialAs connects a bare MQTT 5 client with a login (empty: anonymous).
func dialAs(t *testing.T, b *mqtttest.Broker, user, password string) (*paho.Client, error) {
	t.Helper()
	return dialWith(t, b, user, password, nil)
}

// dialWith is dialAs handing every message it receives to onPublish.
func dialWith(t *testing.T, b *mqtttest.Broker, user, password string, onPublish func(*paho.Publish)) (*paho.Client, error) {
	t.Helper()
	u, _ := url.Parse(b.URL)
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	cfg := paho.ClientConfig{Conn: conn}
	if onPublish != nil {
		cfg.OnPublishReceived = []func(paho.PublishReceived) (bool, error){
			func(pr paho.PublishReceived) (bool, error) { onPublish(pr.Packet); return true, nil },
		}
	}
	c := paho.NewClient(cfg)
	cp := &paho.Connect{ClientID: "raw-" + uuid.NewString()[:8], KeepAlive: 30, CleanStart: true}
	if user != "" {
		cp.Username, cp.UsernameFlag = user, true
		cp.Password, cp.PasswordFlag = []byte(password), true
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := c.Connect(ctx, cp); err != nil {
		conn.Close()
		return nil, err
	}
	t.Cleanup(func() { _ = c.Disconnect(&paho.Disconnect{}) })
	return c, nil
}

// startStationsWith runs the station program with the stations' own
// broker logins (generation 1 of testSecret).
func startStationsWith(t *testing.T, b *mqtttest.Broker, ids []string) *stationprog.Program {
	t.Helper()
	p, err := stationprog.Start(context.Background(), stationprog.Config{
		URL: b.URL, StationIDs: ids, Compartments: stationprog.DefaultCompartments(4),
		DoorOpenFor: time.Minute, HeartbeatEvery: time.Hour, TemperatureEvery: time.Hour,
		MaxBackoff: 200 * time.Millisecond, Logger: quietLogger(),
		Credentials: func(id string) stationprog.Credentials {
			return stationprog.Credentials{Gen: 1, Key: testKey(id), BrokerPassword: hardware.BrokerPassword(testSecret, id, 1)}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	return p
}

// lockerdOn starts a controller with lockerd's login and keys from a keyring.
func lockerdOn(t *testing.T, b *mqtttest.Broker, sink hardware.Sink, keyring *hardware.Keyring) *mqttctl.Controller {
	t.Helper()
	return startControllerWith(t, b, sink, func(o *mqttctl.Options) {
		o.URL = withLogin(b, "lockerd", lockerdPassword)
		if keyring != nil {
			o.Keys = keyring.Keys
		}
	})
}

func publish(c *paho.Client, topic string, payload []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := c.Publish(ctx, &paho.Publish{QoS: 1, Topic: topic, Payload: payload})
	return err
}
