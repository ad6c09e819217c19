package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;

/**
 * A write to a device's line (decision 122, {@code shapes.device-line-writes}): a command sent down
 * a serial port ({@code printf 'SETP 1,300\r\n' > /dev/ttyUSB0}), a characteristic written over
 * Bluetooth ({@code gatttool --char-write-req}), inline code that opens a port and writes a value
 * to it. What is on the line is a machine, an instrument or a board whose state the guard cannot
 * see; a bare word or a probe ({@code echo hello}, {@code AT+CSQ}) carries no value, and a query
 * that ends in {@code ?} ({@code *IDN?}) reads it: neither is an act.
 */
final class DeviceLineWrites {
  private DeviceLineWrites() {}

  /** What writes to a device's line, or {@code null}. */
  static String found(Scan scan) {
    for (Step step : scan.steps()) {
      for (Redirect redirect : step.invocation().redirects()) {
        if (redirect.writes() && line(redirect.target().text()) && value(step) && !query(step)) {
          return step.program() + " > " + redirect.target().text();
        }
      }
      String program = step.program();
      if (program.equals("tee") && !query(step)) {
        for (Word word : step.args()) {
          if (line(word.text())) {
            return "tee " + word.text();
          }
        }
      }
      for (String writer : ShapeObjects.DEVICE_WRITERS) {
        if (writes(step, writer)) {
          return writer;
        }
      }
      String code = step.interpreter() ? InterpreterCode.of(step) : null;
      if (code != null && code.length() < 8192 && line(code) && writesCode(code)) {
        return program + " writing to a device's line";
      }
    }
    return null;
  }

  /** {@code gatttool --char-write}: the program, and an option beginning so if one is named. */
  private static boolean writes(Step step, String writer) {
    int space = writer.indexOf(' ');
    String program = step.program();
    if (space < 0
        ? !program.equals(writer)
        : program.length() != space || !writer.startsWith(program)) {
      return false; // the writer's program, compared in place
    }
    if (space < 0) {
      return true;
    }
    String option = writer.substring(space + 1);
    for (Word word : step.args()) {
      if (word.text().startsWith(option)) {
        return true;
      }
    }
    return false;
  }

  private static boolean line(String text) {
    for (String line : ShapeObjects.DEVICE_LINES) {
      if (line.startsWith("/") ? text.contains(line) : text.contains("'" + line + "'")) {
        return true;
      }
    }
    return false;
  }

  /** Code that burns, or writes a value (a number) to the port: {@code s.write(b'SETP 1,300')}. */
  private static boolean writesCode(String code) {
    if (code.contains("burn")) {
      return true;
    }
    for (int at = code.indexOf(".write("); at >= 0; at = code.indexOf(".write(", at + 7)) {
      int close = code.indexOf(')', at);
      String written = code.substring(at + 7, close < 0 ? code.length() : close);
      if (written.chars().anyMatch(Character::isDigit)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A value among what is sent ({@code SETP 1,300}, {@code M104 S300}): a set point; a bare word
   * ({@code hello}) or a probe ({@code AT+CSQ}) carries none.
   */
  private static boolean value(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      if (!text.startsWith("-") && text.chars().anyMatch(Character::isDigit)) {
        return true;
      }
    }
    return false;
  }

  /** {@code printf '*IDN?\n' > /dev/ttyUSB0}: what is sent asks and changes nothing. */
  private static boolean query(Step step) {
    for (Word word : step.args()) {
      String text = word.text().replace("\\r", "").replace("\\n", "").strip();
      if (text.endsWith("?")) {
        return true;
      }
    }
    return false;
  }
}
