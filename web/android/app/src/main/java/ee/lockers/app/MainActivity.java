package ee.lockers.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
