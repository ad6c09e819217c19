package io.github.providergateway.guard.shell.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The table of programs that run programs ({@code runners.json} beside this package's resources):
 * for each, how it runs another (the words after its options, an option's value in a language, its
 * standard input) and how its own options are skipped to find it (issue 60: "programs that run
 * programs, as data"). The resolver reads what each runs where it is literal; what it cannot read
 * is recorded as opaque and asked about. Read once; a table that does not read fails the class's
 * initialisation, and with it every parse.
 */
public final class Runners {

  /**
   * One program that runs programs, as the table gives it.
   *
   * @param names the program's names
   * @param wrapper whether it is taken off the command (the inner program is the invocation) rather
   *     than read beside it
   * @param runs {@code argv}, {@code code} or {@code stdin}
   * @param options its short options that take a value
   * @param longOptions its long options that take a value
   * @param skip words after its options that come before the command (timeout's duration)
   * @param skipNone short options after which no word is skipped ({@code ip -all netns exec} names
   *     no namespace)
   * @param skipOnly a regular expression the skipped word must match to be skipped ({@code
   *     setarch}'s architecture, which may be left out), or empty: always skipped
   * @param after the words that must come first, as alternatives ({@code exec}, {@code netns
   *     exec}): empty for none; an alternative ending in {@code ?} may be left out
   * @param code its options whose value is code in {@link #language()}
   * @param language the code's language: {@code shell}, {@code vim}, {@code gdb}, …
   * @param none short options that mean it runs nothing ({@code sudo -l})
   * @param noneLong long options that mean it runs nothing
   * @param assignments whether {@code NAME=value} words may come before the command
   * @param applet whether the next word is the program (busybox)
   * @param handler the code that reads it, where the table's fields cannot say it; or null
   * @param stdinToo whether it also runs its standard input as code in its language
   * @param prefix words put before the command it runs (capsh passes them to a shell)
   * @param argvAfter words after which the rest is a command it runs ({@code gdb --args prog …})
   * @param redteam how the red-team test runs a destructive command through it
   * @param source where the knowledge comes from
   */
  public record Row(
      List<String> names,
      boolean wrapper,
      String runs,
      String options,
      Set<String> longOptions,
      int skip,
      String skipNone,
      String skipOnly,
      List<List<String>> after,
      List<String> code,
      String language,
      String none,
      Set<String> noneLong,
      boolean assignments,
      boolean applet,
      String handler,
      boolean stdinToo,
      List<String> prefix,
      List<String> argvAfter,
      List<String> redteam,
      String source) {}

  private static final Map<String, Row> BY_NAME;
  private static final List<Row> ROWS;

  static {
    JsonNode table;
    try (InputStream in =
        Runners.class.getResourceAsStream("/io/github/providergateway/guard/shell/runners.json")) {
      if (in == null) {
        throw new IllegalStateException("the guard has no runners.json");
      }
      table = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("runners.json does not read", e);
    }
    Map<String, Row> byName = new HashMap<>();
    List<Row> rows = new ArrayList<>();
    for (JsonNode row : table.path("runners")) {
      Row read = row(row);
      rows.add(read);
      for (String name : read.names()) {
        if (byName.put(name, read) != null) {
          throw new IllegalStateException("runners.json: " + name + " is in two rows");
        }
      }
    }
    BY_NAME = Collections.unmodifiableMap(byName);
    ROWS = List.copyOf(rows);
  }

  private Runners() {}

  /**
   * {@return the row of a program's name, or null}: an interpreter's name with a version ({@code
   * tclsh8.6}, {@code lua5.4}) is its plain name's, where that row reads code in a language of its
   * own (the shells' and wrappers' names are read as written)
   */
  public static Row of(String program) {
    Row row = BY_NAME.get(program);
    if (row != null) {
      return row;
    }
    String plain = VersionedNames.unversioned(program);
    Row interpreter = plain == null ? null : BY_NAME.get(plain);
    return interpreter != null && !interpreter.wrapper() && readsOwnLanguage(interpreter)
        ? interpreter
        : null;
  }

  private static boolean readsOwnLanguage(Row row) {
    return !row.language().equals("shell") && !row.language().equals("program");
  }

  /** {@return every row, in the table's order} */
  public static List<Row> rows() {
    return ROWS;
  }

  /** {@return the names of every program the table reads beside the command (not wrappers)} */
  public static Set<String> nestedNames() {
    Set<String> names = new HashSet<>();
    for (Map.Entry<String, Row> entry : BY_NAME.entrySet()) {
      if (!entry.getValue().wrapper()) {
        names.add(entry.getKey());
      }
    }
    return names;
  }

  private static Row row(JsonNode row) {
    List<List<String>> after = new ArrayList<>();
    for (JsonNode alternative : row.path("after")) {
      for (String words : alternative.asText().split("\\|")) {
        after.add(List.of(words.trim().split(" +")));
      }
    }
    return new Row(
        texts(row.path("names")),
        row.path("as").asText().equals("wrapper"),
        row.path("runs").asText(),
        row.path("options").asText("").replace(" ", ""),
        new HashSet<>(texts(row.path("long"))),
        row.path("skip").asInt(0),
        row.path("skipNone").asText(""),
        row.path("skipOnly").asText(""),
        after,
        texts(row.path("code")),
        row.path("language").asText("shell"),
        row.path("none").asText(""),
        new HashSet<>(texts(row.path("noneLong"))),
        row.path("assignments").asBoolean(false),
        row.path("applet").asBoolean(false),
        row.path("handler").isMissingNode() ? null : row.path("handler").asText(),
        row.path("stdinToo").asBoolean(false),
        texts(row.path("prefix")),
        texts(row.path("argvAfter")),
        texts(row.path("redteam")),
        row.path("source").asText(""));
  }

  private static List<String> texts(JsonNode list) {
    List<String> out = new ArrayList<>();
    for (JsonNode item : list) {
      out.add(item.asText());
    }
    return out;
  }

  /** The rows by name, for the docs and the red-team test: name to the row's source. */
  public static Map<String, String> sources() {
    Map<String, String> out = new LinkedHashMap<>();
    for (Row row : ROWS) {
      out.put(String.join(", ", row.names()), row.source());
    }
    return out;
  }
}
