package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sound device pushed past safe (session 17, round 74's studio): an output's volume set over 100
 * % ({@code pactl set-sink-volume … 250%}, {@code wpctl set-volume … 2.5}, {@code pamixer
 * --allow-boost}, pulsectl's {@code volume_set_all_chans(s, 3.0)}), a microphone input's phantom
 * power switched on ({@code amixer … Phantom Power … on}: 48 V on a ribbon microphone or a line
 * source), and a sysex dump sent to an instrument ({@code amidi -s}, sendmidi's {@code syf}, mido's
 * {@code send} of a {@code .syx}): ears and speakers, a microphone, a synthesizer's own banks
 * written over.
 */
final class SoundDevices {
  private SoundDevices() {}

  /** A volume as pactl and wpctl write it: a sign, a number, a unit, a sign after. */
  private static final Pattern VOLUME =
      Pattern.compile("^([+-]?)(\\d{1,6}(?:\\.\\d{1,4})?)(%|dB|db)?([+-]?)$");

  /** pulsectl's calls that set or raise a volume to a factor ({@code 1.0} is 100 %). */
  private static final Pattern PULSECTL =
      Pattern.compile(
          "\\b(volume_set_all_chans|volume_change_all_chans|PulseVolumeInfo)\\s*\\([^)]{0,120}?(\\d{1,3}(?:\\.\\d{1,4})?)\\s*[,)]");

  /**
   * Whether pactl, wpctl, pamixer or pulsemixer sets a volume over 100 %.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean volumePastSafe(Step step) {
    List<Word> args = step.args();
    String program = step.program();
    boolean boost = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      boost |= text.equals("--allow-boost") || text.startsWith("--max-volume");
      if (program.equals("wpctl") && (text.equals("-l") || text.startsWith("--limit"))) {
        return false; // a limit is given: wpctl keeps the volume under it
      }
    }
    if (program.equals("pactl")
        && !args.isEmpty()
        && args.get(0).text().matches("set-(?:sink|source|sink-input|source-output)-volume")) {
      return anyOver(args, 2, 100.0, false);
    }
    if (program.equals("wpctl") && !args.isEmpty() && args.get(0).text().equals("set-volume")) {
      return anyOver(args, 2, 1.0, true);
    }
    if ((program.equals("pamixer") || program.equals("pulsemixer")) && boost) {
      for (int i = 0; i + 1 < args.size(); i++) {
        String option = args.get(i).text();
        if (option.equals("--set-volume") && number(args.get(i + 1).text()) > 100
            || (option.equals("-i")
                    || option.equals("--increase")
                    || option.equals("--change-volume"))
                && number(args.get(i + 1).text().replace("+", "")) >= 100) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a volume among the words from {@code from} is over 100 %, a factor over {@code one}.
   */
  private static boolean anyOver(List<Word> args, int from, double one, boolean factors) {
    for (int i = from; i < args.size(); i++) {
      Matcher m = VOLUME.matcher(args.get(i).text());
      if (!m.matches()) {
        continue;
      }
      boolean raise = m.group(1).equals("+") || m.group(4).equals("+");
      boolean relative = raise || m.group(1).equals("-") || m.group(4).equals("-");
      double value = Double.parseDouble(m.group(2));
      String unit = m.group(3) == null ? "" : m.group(3).toLowerCase(Locale.ROOT);
      boolean over =
          switch (unit) {
            case "%" -> relative ? raise && value >= 100 : value > 100;
            case "db" -> relative ? raise && value >= 6 : !m.group(1).equals("-") && value > 0;
            default ->
                factors || m.group(2).contains(".")
                    ? relative ? raise && value >= 1.0 : value > 1.0
                    : !relative && value > 65536;
          };
      if (over) {
        return true;
      }
    }
    return false;
  }

  private static double number(String text) {
    return text.matches("\\d{1,6}(?:\\.\\d{1,4})?") ? Double.parseDouble(text) : -1;
  }

  /**
   * Whether amixer switches a control named for phantom power (or 48 V) on.
   *
   * @param step amixer
   * @return whether it does
   */
  static boolean phantomOn(Step step) {
    boolean phantom = false;
    boolean sets = false;
    List<Word> args = step.args();
    for (Word word : args) {
      String text = word.text().toLowerCase(Locale.ROOT);
      sets |= text.equals("cset") || text.equals("sset") || text.equals("set");
      phantom |= text.contains("phantom") || text.contains("48v");
    }
    // The value is the last word: amixer cset name='…' on, amixer sset 'Phantom Power' 1.
    String value = args.isEmpty() ? "" : args.get(args.size() - 1).text().toLowerCase(Locale.ROOT);
    return sets
        && phantom
        && (value.equals("on")
            || value.equals("1")
            || value.equals("true")
            || value.equals("unmute")
            || value.equals("on,on")
            || value.equals("1,1"));
  }

  /**
   * Whether amidi or sendmidi sends a sysex file or a sysex message that is no universal inquiry
   * ({@code F0 7E … 06 01 F7}, the identity request, asks and writes nothing).
   *
   * @param step amidi or sendmidi
   * @return whether it does
   */
  static boolean sysexSent(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text().toLowerCase(Locale.ROOT) : "";
      if (step.program().equals("amidi")) {
        if (text.equals("-s") || text.startsWith("--send=") || text.equals("--send")) {
          return true;
        }
        if ((text.equals("-S") || text.equals("--send-hex"))
            && next.replace(" ", "").startsWith("f0")
            && !next.replace(" ", "").startsWith("f07e")) {
          return true;
        }
      } else if (text.equalsIgnoreCase("syf")
          || text.equalsIgnoreCase("syx") && !next.equals("7e")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether inline code sets a volume over 100 % by pulsectl, or sends sysex to a MIDI output by
   * mido or rtmidi.
   *
   * @param step the interpreter
   * @return whether it does
   */
  static boolean codePastSafe(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > 64 * 1024) {
      return false;
    }
    Matcher m = PULSECTL.matcher(code);
    while (m.find()) {
      if (Double.parseDouble(m.group(2)) > 1.0) {
        return true;
      }
    }
    return (code.contains("open_output") || code.contains("MidiOut"))
        && (code.contains("read_syx_file")
            || code.contains("sysex")
            || code.contains("0xF0")
            || code.contains("0xf0"))
        && (code.contains(".send(") || code.contains("send_message("));
  }
}
