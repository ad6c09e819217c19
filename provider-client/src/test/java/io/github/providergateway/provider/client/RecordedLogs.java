package io.github.providergateway.provider.client;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * What the client logs through {@link System.Logger}, caught where the JDK's default logger finder
 * sends it: the {@code java.util.logging} logger of the same name. Close it after the test.
 */
final class RecordedLogs implements AutoCloseable {

  /** A formatted log line and its level. */
  record Line(Level level, String text) {}

  private final Logger logger = Logger.getLogger(WebSocketProviderClient.class.getName());
  private final List<Line> lines = new CopyOnWriteArrayList<>();
  private final Handler handler =
      new Handler() {
        private final SimpleFormatter formatter = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
          lines.add(new Line(record.getLevel(), formatter.formatMessage(record)));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  RecordedLogs() {
    logger.addHandler(handler);
  }

  /** The lines logged at {@code level}, in order. */
  List<String> at(Level level) {
    return lines.stream().filter(line -> line.level().equals(level)).map(Line::text).toList();
  }

  @Override
  public void close() {
    logger.removeHandler(handler);
  }
}
