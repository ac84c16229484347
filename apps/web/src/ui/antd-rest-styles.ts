// The part of antd's stylesheet the first route does not draw (antd-styles.ts), loaded with what comes on demand.
import 'virtual:antd-rest.css';
