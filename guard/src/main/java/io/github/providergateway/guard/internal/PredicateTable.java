package io.github.providergateway.guard.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The named predicates ({@link Where}), made a source at a time when one of the source's names is
 * first asked (decision 329). A source is the code of one family of predicates that puts its own in
 * the table ({@link Where#fill}); which source makes which name, and of what kind, is the index, a
 * file the build writes among the classes ({@link #INDEX}, {@link PredicateIndex}) from every
 * source made whole. A decision then makes the sources of the clauses it tries, not all 147: a
 * hook's JVM with no gateway decides one call, and linking the 1,280 predicates' lambdas and
 * initialising their classes was near half of its CPU ({@code docs/performance.md}).
 *
 * <p>Fail closed: a source that cannot be made (its class's initialisation fails), or that makes
 * other names than the index gives it (an index older than the code), throws {@link
 * IllegalStateException} where its predicate is asked, so the call that asked is denied as one the
 * guard could not read (decision 61), and the next call asks again. Sources are made one at a time
 * (this table's lock); what was made is read without it.
 */
final class PredicateTable {
  /** The index among the classes: a line a name, {@code name TAB kind TAB source}. */
  static final String INDEX = "/io/github/providergateway/guard/predicates-index.tsv";

  /** What a name is a predicate of. */
  enum Kind {
    /** A program as a clause read it ({@link Where.Predicate}). */
    PROGRAM,
    /** The whole call ({@link Where.CallPredicate}). */
    CALL,
    /** A program's paths ({@link Where.Paths}). */
    PATHS
  }

  /**
   * An indexed name.
   *
   * @param kind what it is a predicate of
   * @param source the source that makes it
   */
  record Entry(Kind kind, int source) {}

  /** Makes a source's predicates: {@link Where#fill}, or a test's. */
  @FunctionalInterface
  interface Sources {
    /**
     * Fills one source's predicates.
     *
     * @param source its number
     * @param tables the tables to fill
     */
    void fill(int source, Tables tables);
  }

  /**
   * The tables a source fills, each refusing a name given twice.
   *
   * @param named the predicates of a program
   * @param onCall the predicates of the call
   * @param onPaths the predicates that find paths
   */
  record Tables(
      Map<String, Where.Predicate> named,
      Map<String, Where.CallPredicate> onCall,
      Map<String, Where.Paths> onPaths) {
    Tables() {
      this(new NamedOnce<>(), new NamedOnce<>(), new NamedOnce<>());
    }
  }

  /** Every name, in the order the table made whole holds them: the programs', calls', paths'. */
  private final Map<String, Entry> index;

  private final Set<String> names;

  private final Sources sources;

  /** How many names the index gives each source. */
  private final int[] counts;

  /** Whether each source was made. This table's lock only. */
  private final boolean[] made;

  /** The predicates made so far, by name: written under the lock, read by any thread. */
  private final Map<String, Where.Predicate> named = new ConcurrentHashMap<>();

  private final Map<String, Where.CallPredicate> onCall = new ConcurrentHashMap<>();

  private final Map<String, Where.Paths> onPaths = new ConcurrentHashMap<>();

  PredicateTable(Map<String, Entry> index, int sourceCount, Sources sources) {
    this.index = Collections.unmodifiableMap(new LinkedHashMap<>(index));
    this.names = Collections.unmodifiableSet(new LinkedHashSet<>(index.keySet()));
    this.sources = sources;
    this.made = new boolean[sourceCount];
    this.counts = new int[sourceCount];
    for (Entry entry : index.values()) {
      if (entry.source() < 0 || entry.source() >= sourceCount) {
        throw new IllegalStateException(
            "the predicates' index gives a name to source "
                + entry.source()
                + " of "
                + sourceCount);
      }
      counts[entry.source()]++;
    }
  }

  /**
   * The guard's table: {@link Where}'s sources, indexed by the file the build wrote, or, where the
   * classes have none (a build that skipped the step), by making every source now.
   */
  static PredicateTable built() {
    Map<String, Entry> index;
    try (InputStream in = PredicateTable.class.getResourceAsStream(INDEX)) {
      index = in == null ? indexOf(Where.SOURCES, Where::fill) : read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("the predicates' index " + INDEX + " does not read", e);
    }
    return new PredicateTable(index, Where.SOURCES, Where::fill);
  }

  /** {@return every name, of a program's, a call's and paths' predicates} */
  Set<String> names() {
    return names;
  }

  /** {@return what a name is a predicate of, or {@code null} where it is none} */
  Kind kindOf(String name) {
    Entry entry = index.get(name);
    return entry == null ? null : entry.kind();
  }

  Where.Predicate named(String name) {
    return made(named, name, Kind.PROGRAM, "predicate");
  }

  Where.CallPredicate ofCall(String name) {
    return made(onCall, name, Kind.CALL, "call predicate");
  }

  Where.Paths ofPaths(String name) {
    return made(onPaths, name, Kind.PATHS, "path predicate");
  }

  /** The predicate of a name in its kind's table, its source made if it is not there yet. */
  private <P> P made(Map<String, P> table, String name, Kind kind, String what) {
    P predicate = table.get(name);
    if (predicate == null) {
      Entry entry = index.get(name);
      if (entry == null || entry.kind() != kind) {
        throw new IllegalStateException("no " + what + " is named " + name);
      }
      make(entry.source());
      predicate = table.get(name); // a source made makes every name the index gives it
    }
    return predicate;
  }

  /**
   * Makes every source not made yet, in order, until {@code stop} says to; one that cannot be made
   * is left for the call that asks it.
   *
   * @param stop asked before each source
   */
  void makeEvery(java.util.function.BooleanSupplier stop) {
    for (int source = 0; source < made.length && !stop.getAsBoolean(); source++) {
      try {
        make(source);
      } catch (IllegalStateException e) {
        // Not made, so asked again where a call needs it: that call is denied (decision 61).
        continue;
      }
    }
  }

  private synchronized void make(int source) {
    if (made[source]) {
      return;
    }
    Tables tables = new Tables();
    try {
      sources.fill(source, tables);
    } catch (RuntimeException | LinkageError e) {
      // Mapped, not logged: the call that asked is denied as unreadable (decision 61).
      throw new IllegalStateException("the predicates' source " + source + " was not made", e);
    }
    // Every name it made is the index's for it, and it made as many: the same names.
    Map<String, Entry> filled = entries(tables, source);
    for (Map.Entry<String, Entry> one : filled.entrySet()) {
      if (!one.getValue().equals(index.get(one.getKey()))) {
        throw new IllegalStateException(
            "the predicates' index does not give " + one.getKey() + " to source " + source);
      }
    }
    if (filled.size() != counts[source]) {
      throw new IllegalStateException(
          "the predicates' source " + source + " did not make every name the index gives it");
    }
    named.putAll(tables.named());
    onCall.putAll(tables.onCall());
    onPaths.putAll(tables.onPaths());
    made[source] = true;
  }

  /**
   * The index of every source made whole, in the order of the names in the table so made: the
   * programs' predicates, the calls', the paths'. A name given twice, by two sources or as two
   * kinds, fails it: one rule would ask the other's question, with nothing to show it.
   *
   * @param sourceCount how many sources
   * @param sources the sources
   * @return the index
   */
  static Map<String, Entry> indexOf(int sourceCount, Sources sources) {
    Map<String, Entry> programs = new LinkedHashMap<>();
    Map<String, Entry> calls = new LinkedHashMap<>();
    Map<String, Entry> paths = new LinkedHashMap<>();
    for (int source = 0; source < sourceCount; source++) {
      Tables tables = new Tables();
      sources.fill(source, tables);
      for (Map.Entry<String, Entry> one : entries(tables, source).entrySet()) {
        Map<String, Entry> into =
            switch (one.getValue().kind()) {
              case PROGRAM -> programs;
              case CALL -> calls;
              case PATHS -> paths;
            };
        if (programs.containsKey(one.getKey())
            || calls.containsKey(one.getKey())
            || paths.containsKey(one.getKey())) {
          throw new IllegalStateException("two predicates are named " + one.getKey());
        }
        into.put(one.getKey(), one.getValue());
      }
    }
    Map<String, Entry> all = new LinkedHashMap<>(programs);
    all.putAll(calls);
    all.putAll(paths);
    return all;
  }

  /** A source's names as it filled them, each with its kind and the source. */
  private static Map<String, Entry> entries(Tables tables, int source) {
    Map<String, Entry> entries = new LinkedHashMap<>();
    for (String name : tables.named().keySet()) {
      entries.put(name, new Entry(Kind.PROGRAM, source));
    }
    for (String name : tables.onCall().keySet()) {
      if (entries.put(name, new Entry(Kind.CALL, source)) != null) {
        throw new IllegalStateException("two predicates are named " + name);
      }
    }
    for (String name : tables.onPaths().keySet()) {
      if (entries.put(name, new Entry(Kind.PATHS, source)) != null) {
        throw new IllegalStateException("two predicates are named " + name);
      }
    }
    return entries;
  }

  /** Reads the index as {@link #write} wrote it: a line a name, kind and source, by tabs. */
  static Map<String, Entry> read(InputStream in) throws IOException {
    Map<String, Entry> index = new LinkedHashMap<>();
    BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    for (String line; (line = lines.readLine()) != null; ) {
      int tab = line.indexOf('\t');
      int second = line.indexOf('\t', tab + 1);
      if (tab < 0 || second < 0) {
        throw new IllegalStateException("the predicates' index has a line not name, kind, source");
      }
      Kind kind = Kind.valueOf(line.substring(tab + 1, second));
      index.put(
          line.substring(0, tab), new Entry(kind, Integer.parseInt(line.substring(second + 1))));
    }
    return index;
  }

  /**
   * The index as its file holds it, a line a name in the names' order: a source that puts names
   * from a {@code Map.of} puts them in an order each JVM draws, and the build's jar must be the
   * same bytes each time it is built (check-reproducible).
   */
  static String write(Map<String, Entry> index) {
    StringBuilder text = new StringBuilder();
    new TreeMap<>(index)
        .forEach(
            (name, entry) ->
                text.append(name)
                    .append('\t')
                    .append(entry.kind())
                    .append('\t')
                    .append(entry.source())
                    .append('\n'));
    return text.toString();
  }

  /**
   * A map of predicates by name that refuses a name given twice: two predicates under one name
   * would leave one rule asking the other's question, with nothing to show it.
   */
  private static final class NamedOnce<V> extends LinkedHashMap<String, V> {
    @Override
    public V put(String name, V value) {
      if (containsKey(name)) {
        throw new IllegalStateException("two predicates are named " + name);
      }
      return super.put(name, value);
    }
  }
}
