package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.Files;
import io.github.providergateway.guard.internal.RuleSpec.Match;
import io.github.providergateway.guard.internal.RuleSpec.When;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rule book as the build read it, in a form cheaper to read than its JSON (decision 329): each
 * rule's spec without its examples, its texts once each in a table, written by the guard's build
 * ({@link BookWithoutExamples}) from the specs the book's JSON gave, checked as {@link RuleBook}
 * checks them. A hook's JVM with no gateway reads the book for one call: parsing 0.7 MB of JSON to
 * a tree and reading the tree was a tenth of its CPU ({@code docs/performance.md}). {@code
 * BookDigestTest} checks that it reads back as the JSON's specs.
 */
final class BookDigest {
  /** The file among the classes. */
  static final String FILE = "/io/github/providergateway/guard/rules.digest";

  /** What the file begins with: a digest of another layout is refused, never misread. */
  private static final int LAYOUT = 0x52554c31; // "RUL1"

  /**
   * The book as read.
   *
   * @param families the families, in the book's order
   * @param specs every rule's spec, in the book's order, examples read from the book when asked
   * @param sessions what each flow rule's {@code session} condition says came before, by id
   */
  record Book(List<String> families, List<RuleSpec> specs, Map<String, String> sessions) {}

  /** Where a rule's examples come from: its family's file, read when a test asks. */
  @FunctionalInterface
  interface Examples {
    /**
     * {@return where the examples of a rule are found}
     *
     * @param family its family
     * @param id its id
     */
    java.util.function.Supplier<RuleSpec.Examples> of(String family, String id);
  }

  private BookDigest() {}

  /**
   * The digest among the classes, or {@code null} where there is none (a build that skipped its
   * step, the build's own step).
   *
   * @param examples where each rule's examples are found
   * @return the book
   * @throws UncheckedIOException when the file does not read
   */
  static Book built(Examples examples) {
    try (InputStream in = BookDigest.class.getResourceAsStream(FILE)) {
      return in == null ? null : read(in, examples);
    } catch (IOException e) {
      throw new UncheckedIOException("the rule book's " + FILE + " does not read", e);
    }
  }

  /**
   * Writes a book.
   *
   * @param book the book
   * @return its digest
   */
  static byte[] write(Book book) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Texts texts = new Texts();
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(body)) {
      out.writeInt(book.families().size());
      for (String family : book.families()) {
        texts.write(out, family);
      }
      out.writeInt(book.specs().size());
      for (RuleSpec spec : book.specs()) {
        BuiltinRule rule = spec.rule();
        texts.write(out, rule.id());
        texts.write(out, rule.category());
        out.writeBoolean(rule.catastrophic());
        texts.write(out, rule.actions());
        texts.write(out, rule.why());
        texts.write(out, rule.instead());
        out.writeBoolean(rule.denyWithoutSession());
        texts.write(out, book.sessions().get(rule.id()));
        Match match = spec.matches();
        texts.write(out, match.code());
        texts.write(out, match.commands());
        texts.write(out, match.unless());
        out.writeInt(match.when().size());
        for (When when : match.when()) {
          write(out, texts, when);
        }
        texts.write(out, spec.sources());
        texts.write(out, spec.replaces());
      }
      try (DataOutputStream head = new DataOutputStream(bytes)) {
        head.writeInt(LAYOUT);
        head.writeInt(texts.all.size());
        for (String text : texts.all) {
          head.writeUTF(text);
        }
        out.flush();
        body.writeTo(head);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // in memory
    }
    return bytes.toByteArray();
  }

  private static void write(DataOutputStream out, Texts texts, When when) throws IOException {
    texts.write(out, when.programs());
    texts.write(out, when.subcommands());
    texts.write(out, when.next());
    texts.write(out, when.then());
    texts.write(out, when.values());
    texts.write(out, when.any());
    texts.write(out, when.also());
    texts.write(out, when.none());
    out.writeInt(when.positionals());
    texts.write(out, when.words());
    texts.write(out, when.noWords());
    texts.write(out, when.where());
    out.writeInt(when.order());
    out.writeBoolean(when.call());
    texts.write(out, when.unread());
    out.writeBoolean(when.anywhere());
    out.writeBoolean(when.late());
    Files files = when.files();
    out.writeBoolean(files != null);
    if (files != null) {
      texts.write(out, files.kind());
      texts.write(out, files.place());
      texts.write(out, files.places());
      out.writeBoolean(files.metadata());
      out.writeBoolean(files.shellWrites());
    }
  }

  /**
   * Reads a book.
   *
   * @param in the digest
   * @param examples where each rule's examples are found
   * @return the book
   * @throws IOException when it does not read
   */
  static Book read(InputStream in, Examples examples) throws IOException {
    DataInputStream data = new DataInputStream(new BufferedInputStream(in, 1 << 16));
    if (data.readInt() != LAYOUT) {
      throw new IllegalStateException("the rule book's " + FILE + " is of another layout");
    }
    String[] texts = new String[data.readInt()];
    for (int i = 0; i < texts.length; i++) {
      texts[i] = data.readUTF();
    }
    Reader read = new Reader(data, texts);
    List<String> families = new ArrayList<>();
    for (int n = data.readInt(); n > 0; n--) {
      families.add(read.text());
    }
    List<RuleSpec> specs = new ArrayList<>();
    Map<String, String> sessions = new LinkedHashMap<>();
    for (int n = data.readInt(); n > 0; n--) {
      String id = read.text();
      String family = read.text();
      BuiltinRule rule =
          new BuiltinRule(
              id,
              family,
              data.readBoolean(),
              read.text(),
              read.text(),
              read.text(),
              data.readBoolean());
      String after = read.text();
      if (after != null) {
        sessions.put(id, after);
      }
      String code = read.text();
      List<String> commands = read.texts();
      List<String> unless = read.texts();
      List<When> whens = new ArrayList<>();
      for (int w = data.readInt(); w > 0; w--) {
        whens.add(read.when());
      }
      specs.add(
          new RuleSpec(
              rule,
              new Match(code, commands, unless, whens),
              examples.of(family, id),
              read.text(),
              read.texts()));
    }
    if (data.read() != -1) {
      throw new IllegalStateException("the rule book's " + FILE + " goes on past its last rule");
    }
    return new Book(List.copyOf(families), List.copyOf(specs), Map.copyOf(sessions));
  }

  /** Reads texts by their number in the table. */
  private record Reader(DataInputStream data, String[] table) {
    String text() throws IOException {
      int number = data.readInt();
      return number < 0 ? null : table[number];
    }

    List<String> texts() throws IOException {
      int size = data.readInt();
      if (size == 0) {
        return List.of();
      }
      String[] texts = new String[size];
      for (int i = 0; i < size; i++) {
        texts[i] = table[data.readInt()];
      }
      return List.of(texts);
    }

    When when() throws IOException {
      List<String> programs = texts();
      List<String> subcommands = texts();
      List<String> next = texts();
      List<String> then = texts();
      List<String> values = texts();
      List<String> any = texts();
      List<String> also = texts();
      List<String> none = texts();
      int positionals = data.readInt();
      List<String> words = texts();
      List<String> noWords = texts();
      String where = text();
      int order = data.readInt();
      boolean call = data.readBoolean();
      List<String> unread = texts();
      boolean anywhere = data.readBoolean();
      boolean late = data.readBoolean();
      Files files =
          data.readBoolean()
              ? new Files(text(), text(), texts(), data.readBoolean(), data.readBoolean())
              : null;
      return new When(
          programs,
          subcommands,
          next,
          then,
          values,
          any,
          also,
          none,
          positionals,
          words,
          noWords,
          where,
          order,
          call,
          unread,
          anywhere,
          late,
          files);
    }
  }

  /** The table of texts a digest is written with: each text once, numbered as first written. */
  private static final class Texts {
    private final Map<String, Integer> numbers = new HashMap<>();
    private final List<String> all = new ArrayList<>();

    void write(DataOutputStream out, String text) throws IOException {
      if (text == null) {
        out.writeInt(-1);
        return;
      }
      Integer number = numbers.get(text);
      if (number == null) {
        number = all.size();
        numbers.put(text, number);
        all.add(text);
      }
      out.writeInt(number);
    }

    void write(DataOutputStream out, List<String> texts) throws IOException {
      out.writeInt(texts.size());
      for (String text : texts) {
        write(out, text);
      }
    }
  }
}
