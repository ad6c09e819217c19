package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules the compiler cannot check (STYLE: Tests), over the sources of every module the root {@code
 * pom.xml} lists: who may use whom ({@link #MAY_USE}), no module reaches into another module's
 * {@code internal} package, main code in the libraries never reads the wall clock or sleeps (time
 * is injected), the engine, the provider API and the two clients never touch Tyrus or Jakarta
 * WebSocket (the clients use the JDK's), and the protocol library has no threads or I/O.
 *
 * <p>It lives in {@code reference-app}, the one module that sees every other, and reads sources
 * rather than classes: a reference is any {@code io.github.providergateway...} package name in code
 * (imports, static imports, fully qualified names, {@code module-info} lines), with comments and
 * string literals left out. Main and test sources are both read: a test fixture may use only what
 * its module may, and a test beyond that only what {@link #TESTS_MAY_ALSO_USE} allows.
 */
class ArchitectureTest {

  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** Our package names in code, up to the first segment that is not a package (a class). */
  private static final Pattern OUR_PACKAGE =
      Pattern.compile("\\bio\\.github\\.providergateway((?:\\.[a-z_][a-z0-9_]*)+)");

  private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");

  /** The fixtures' artifact, which any module's tests may use. */
  private static final String TESTING = "testing";

  /** Every module that may use every other (but never another's {@code internal}). */
  static final Set<String> ANYTHING = Set.of("reference-app", "benchmarks");

  /**
   * The module graph: which other modules each module may use. A module the root pom lists must
   * have a row here (or be in {@link #ANYTHING}); a new one is a design decision, to be written
   * down here and in docs/architecture.md.
   */
  private static final Map<String, Set<String>> MAY_USE =
      Map.ofEntries(
          Map.entry("protocol-api", Set.of()), // pure: nothing of ours
          Map.entry("loop", Set.of()), // the JDK only: both ends of a connection run on it
          // The guard (issue 44): a pure library, Jackson only; it decides, the app wires it.
          Map.entry("guard", Set.of()),
          // The host's view of a gateway (HostApi, its values, the host protocol): what both ends
          // of
          // a host connection share, as protocol-api is for providers. Pure: no engine, no loop.
          Map.entry("host-api", Set.of("protocol-api")),
          // The engine is the embedded HostApi.
          Map.entry("gateway-runtime", Set.of("protocol-api", "loop", "host-api")),
          // The gateway's end of the host protocol: HostService on the engine's loop.
          Map.entry("gateway-host", Set.of("protocol-api", "loop", "host-api", "gateway-runtime")),
          // No transport, no host side, no engine.
          Map.entry("provider-api", Set.of("protocol-api", "loop")),
          // What a Java provider in its own process depends on: never the engine or the server.
          Map.entry("provider-client", Set.of("protocol-api", "loop", "provider-api")),
          // What a JVM host of a shared gateway depends on, like provider-client for a provider:
          // never the engine or the server.
          Map.entry("host-client", Set.of("protocol-api", "loop", "host-api")),
          // The transports are siblings: neither uses the other. The engine's API brings the host
          // API's values (a fake SessionHost in their tests).
          Map.entry(
              "transport-local",
              Set.of("protocol-api", "loop", "host-api", "gateway-runtime", "provider-api")),
          // What a plain-HTTP route is, naming no server: the JDK only (issue 37).
          Map.entry("http-routes", Set.of()),
          // What both WebSocket servers share (issue 50, Jetty's websocket-core-common): framing,
          // close statuses, the handshake policy, budgets, the outbound queue, the endpoint
          // settings. No container; the engine's API only for its CloseReason.
          Map.entry("websocket-core", Set.of("protocol-api", "loop", "gateway-runtime")),
          Map.entry(
              "transport-ws",
              Set.of(
                  "protocol-api",
                  "loop",
                  "host-api",
                  "gateway-runtime",
                  "gateway-host",
                  "provider-api",
                  "http-routes",
                  "websocket-core")),
          // The gateway's endpoints mounted in a host's own Jakarta WebSocket container (Jetty,
          // Tomcat, Tyrus...): the engine's transport SPI and the host side, like transport-ws, and
          // no other transport; it is transport-ws's sibling, not a layer on it (issue 37).
          Map.entry(
              "transport-jakarta",
              Set.of(
                  "protocol-api",
                  "loop",
                  "host-api",
                  "gateway-runtime",
                  "gateway-host",
                  "websocket-core")),
          // Child processes the gateway owns, and providers over their stdin and stdout.
          Map.entry(
              "transport-stdio", Set.of("protocol-api", "loop", "host-api", "gateway-runtime")),
          // Agents' front doors are hosts: of the shared gateway through the host client, of the
          // gateway they run in through its HostApi; the Streamable HTTP one is also a route on the
          // server's HTTP side, as the status page is. Never the host protocol's server side. The
          // hooks decide a call with no session, and with no gateway, by the guard.
          Map.entry(
              "agent-bridge",
              Set.of(
                  "protocol-api",
                  "loop",
                  "host-api",
                  "gateway-runtime",
                  "host-client",
                  "http-routes",
                  "guard")),
          // MCP servers are providers: they reach the engine only through its public SPI; a stdio
          // server is a child process of transport-stdio's.
          Map.entry(
              "mcp-federation",
              Set.of("protocol-api", "loop", "host-api", "gateway-runtime", "transport-stdio")),
          // Observes the engine through its listener SPI only.
          Map.entry(
              "observability-otel", Set.of("protocol-api", "loop", "host-api", "gateway-runtime")),
          // A page on the server's HTTP routes, reading the engine and the audit trail like a host.
          Map.entry(
              "status-page",
              Set.of(
                  "protocol-api",
                  "loop",
                  "host-api",
                  "gateway-runtime",
                  "gateway-host",
                  "http-routes")),
          // The fixtures of the modules below it, and the transport contract (test scope only).
          Map.entry(
              "testing",
              Set.of(
                  "protocol-api",
                  "loop",
                  "host-api",
                  "gateway-runtime",
                  "gateway-host",
                  "provider-api")),
          Map.entry("provider-gateway-bom", Set.of()));

  /**
   * What a module's tests may use beyond {@link #MAY_USE}: a real gateway to test a client against,
   * the real client to test a server with. Main code never. Every module's tests may also use the
   * {@link #TESTING} artifact.
   */
  private static final Map<String, Set<String>> TESTS_MAY_ALSO_USE =
      Map.of(
          // The client against a real gateway behind a small Tyrus server.
          "provider-client", Set.of("gateway-runtime", "host-api"),
          // The fixtures its tests use are the engine's (FreePorts) and the host side's
          // (FakeGateway,
          // RecordingRelay, LinkSwap: what is not the gateway, or stands between); its tests
          // against
          // a real gateway are transport-ws's and the reference app's.
          "host-client", Set.of("gateway-runtime", "gateway-host"),
          // The server with the real clients, the provider's and the host's.
          "transport-ws", Set.of("provider-client", "host-client"),
          // The front doors' routes served for real, on the gateway's own server; a home's files
          // swapped under the hook's reader (LinkSwap, a host-side fixture).
          "agent-bridge", Set.of("transport-ws", "gateway-host"),
          // The page in a real browser, on the real server, with a real provider connecting.
          "status-page", Set.of("provider-client", "provider-api", "transport-ws"),
          // The transport contract over the adapter, with the real Java clients (provider and
          // host).
          "transport-jakarta", Set.of("provider-client", "provider-api", "host-client"));

  /** The modules of the root pom, in its order. */
  static List<String> modules() {
    List<String> modules = new ArrayList<>();
    Matcher module = MODULE.matcher(read(ROOT.resolve("pom.xml")));
    while (module.find()) {
      modules.add(module.group(1));
    }
    return modules;
  }

  static List<Path> sources(String module, String set) {
    Path dir = ROOT.resolve(module).resolve("src").resolve(set).resolve("java");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Path> mainSources(String module) {
    return sources(module, "main");
  }

  /** Every module's main sources by file name ({@code HookGates.java}), each in module order. */
  static Map<String, List<Path>> mainSourcesByName() {
    Map<String, List<Path>> byName = new HashMap<>();
    for (String module : modules()) {
      for (Path file : mainSources(module)) {
        byName.computeIfAbsent(file.getFileName().toString(), n -> new ArrayList<>()).add(file);
      }
    }
    return byName;
  }

  /**
   * A module's test fixtures (src/testFixtures/java): its own tests and the testing artifact
   * compile them. Held to the module's main rules: a fixture may use only what its module may.
   */
  private static List<Path> fixtureSources(String module) {
    return sources(module, "testFixtures");
  }

  private static List<Path> allSources(String module) {
    List<Path> all = new ArrayList<>(sources(module, "main"));
    all.addAll(fixtureSources(module));
    all.addAll(sources(module, "test"));
    return all;
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Package → the module whose sources declare it. */
  private static Map<String, String> packageOwners() {
    Map<String, String> owners = new HashMap<>();
    for (String module : modules()) {
      for (Path file : allSources(module)) {
        Matcher declared = PACKAGE.matcher(read(file));
        if (declared.find()) {
          owners.putIfAbsent(declared.group(1), module);
        }
      }
    }
    return owners;
  }

  /**
   * The code of a source file, line by line, with comments and string and char literals blanked out
   * (a package named in Javadoc or in a class name given to a child JVM is no dependency).
   */
  static List<String> codeLines(Path file) {
    String text = read(file);
    StringBuilder code = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (text.startsWith("//", i)) {
        while (i < text.length() && text.charAt(i) != '\n') {
          i++;
        }
      } else if (text.startsWith("/*", i)) {
        int end = text.indexOf("*/", i + 2);
        i = skip(text, code, i, end < 0 ? text.length() : end + 2);
      } else if (text.startsWith("\"\"\"", i)) {
        int end = text.indexOf("\"\"\"", i + 3);
        i = skip(text, code, i, end < 0 ? text.length() : end + 3);
      } else if (c == '"' || c == '\'') {
        int end = i + 1;
        while (end < text.length() && text.charAt(end) != c && text.charAt(end) != '\n') {
          end += text.charAt(end) == '\\' ? 2 : 1;
        }
        i = skip(text, code, i, Math.min(end + 1, text.length()));
      } else {
        code.append(c);
        i++;
      }
    }
    String lines = code.toString();
    if (file.getFileName().toString().equals("module-info.java")) {
      // The modules a qualified export or open names are whom it lets in, not what it uses.
      lines = EXPORT_TARGETS.matcher(lines).replaceAll(to -> to.group().replaceAll("[^\\n]", " "));
    }
    return lines.lines().toList();
  }

  /** The {@code to a, b} of a qualified {@code exports} or {@code opens}, up to its semicolon. */
  private static final Pattern EXPORT_TARGETS = Pattern.compile("\\bto\\s+[\\w.,\\s]+(?=;)");

  /** Leaves out {@code text[from, to)} but keeps its line breaks, so line numbers stay right. */
  private static int skip(String text, StringBuilder code, int from, int to) {
    for (int i = from; i < to; i++) {
      if (text.charAt(i) == '\n') {
        code.append('\n');
      }
    }
    return to;
  }

  /** One place where a module's code (main or {@code test}) names another module's package. */
  private record Use(String module, String target, String pkg, String where, boolean test) {}

  /** Every use of a package owned by another module, over all modules' main and test sources. */
  private static List<Use> crossModuleUses() {
    Map<String, String> owners = packageOwners();
    List<Use> uses = new ArrayList<>();
    for (String module : modules()) {
      List<Path> main = new ArrayList<>(mainSources(module));
      main.addAll(fixtureSources(module));
      for (Path file : allSources(module)) {
        List<String> lines = codeLines(file);
        for (int n = 0; n < lines.size(); n++) {
          Matcher named = OUR_PACKAGE.matcher(lines.get(n));
          while (named.find()) {
            String pkg = owningPackage("io.github.providergateway" + named.group(1), owners);
            String owner = owners.get(pkg);
            if (owner != null && !owner.equals(module)) {
              String where = ROOT.relativize(file) + ":" + (n + 1) + ": " + lines.get(n).strip();
              uses.add(new Use(module, owner, pkg, where, !main.contains(file)));
            }
          }
        }
      }
    }
    return uses;
  }

  /** The longest known package {@code name} starts with ({@code a.b.Outer} names {@code a.b}). */
  private static String owningPackage(String name, Map<String, String> owners) {
    String candidate = name;
    while (!owners.containsKey(candidate) && candidate.contains(".")) {
      candidate = candidate.substring(0, candidate.lastIndexOf('.'));
    }
    return candidate;
  }

  /**
   * Whether {@code owner}'s module-info exports its internal {@code pkg} to {@code user}'s Java
   * module by name (a qualified export): the one way into another module's internal package, for a
   * core shared by a few named modules (websocket-core's, to the two WebSocket transports).
   */
  private static boolean exportedTo(String owner, String pkg, String user) {
    Path ownerInfo = ROOT.resolve(owner).resolve("src/main/java/module-info.java");
    Path userInfo = ROOT.resolve(user).resolve("src/main/java/module-info.java");
    if (!Files.isRegularFile(ownerInfo) || !Files.isRegularFile(userInfo)) {
      return false;
    }
    Matcher name = JAVA_MODULE.matcher(read(userInfo));
    if (!name.find()) {
      return false;
    }
    Matcher export = QUALIFIED_EXPORT.matcher(read(ownerInfo));
    while (export.find()) {
      if (export.group(1).equals(pkg)
          && List.of(export.group(2).split("\\s*,\\s*")).contains(name.group(1))) {
        return true;
      }
    }
    return false;
  }

  private static final Pattern JAVA_MODULE =
      Pattern.compile("(?m)^(?:open )?module\\s+([\\w.]+)\\s*\\{");
  private static final Pattern QUALIFIED_EXPORT =
      Pattern.compile("exports\\s+([\\w.]+)\\s+to\\s+([\\w.,\\s]+?)\\s*;");

  private static boolean isInternal(String pkg) {
    return pkg.equals("internal") || pkg.contains(".internal.") || pkg.endsWith(".internal");
  }

  private static List<String> offending(List<Path> files, Pattern pattern) {
    List<String> hits = new ArrayList<>();
    for (Path file : files) {
      List<String> lines = codeLines(file);
      for (int i = 0; i < lines.size(); i++) {
        if (pattern.matcher(lines.get(i)).find()) {
          hits.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
      }
    }
    return hits;
  }

  @Test
  void theScanSeesEveryModuleAndItsSources() {
    assertThat(modules())
        .contains(
            "protocol-api", "gateway-runtime", "provider-api", "transport-ws", "reference-app");
    assertThat(mainSources("gateway-runtime")).hasSizeGreaterThan(20);
    assertThat(mainSources("protocol-api")).hasSizeGreaterThan(20);
    assertThat(crossModuleUses()).as("the scan finds uses across modules").hasSizeGreaterThan(100);
  }

  @Test
  void everyModuleHasARowInTheModuleGraph() {
    assertThat(modules())
        .as("modules of the root pom without a row in ArchitectureTest.MAY_USE")
        .allMatch(module -> MAY_USE.containsKey(module) || ANYTHING.contains(module));
  }

  @Test
  void everyDirectoryWithJavaSourcesIsAModuleOfTheRootPom() throws IOException {
    Set<String> withSources = new TreeSet<>();
    try (Stream<Path> dirs = Files.list(ROOT)) {
      dirs.filter(dir -> Files.isDirectory(dir.resolve("src")))
          .forEach(dir -> withSources.add(dir.getFileName().toString()));
    }
    assertThat(modules()).as("modules of the root pom").containsAll(withSources);
  }

  /**
   * Modules with code but no module-info, each for a reason written in its pom, where it names its
   * automatic module instead.
   */
  static final Set<String> CLASS_PATH_ONLY =
      Set.of("agent-bridge", "mcp-federation", "reference-app");

  @Test
  void everyLibraryModuleIsAJavaModule() {
    for (String module : modules()) {
      if (mainSources(module).isEmpty() || module.equals("benchmarks")) {
        continue;
      }
      Path descriptor = ROOT.resolve(module).resolve("src/main/java/module-info.java");
      if (CLASS_PATH_ONLY.contains(module)) {
        assertThat(descriptor)
            .as("%s is on the class path only (its pom says why)", module)
            .doesNotExist();
        assertThat(read(ROOT.resolve(module).resolve("pom.xml")))
            .as("%s names its automatic module", module)
            .contains("<Automatic-Module-Name>io.github.providergateway.");
      } else {
        assertThat(descriptor).as("the module-info of %s", module).exists();
      }
    }
  }

  @Test
  void eachPackageBelongsToOneModule() {
    Map<String, Set<String>> declaredBy = new TreeMap<>();
    for (String module : modules()) {
      for (Path file : allSources(module)) {
        Matcher declared = PACKAGE.matcher(read(file));
        if (declared.find()) {
          declaredBy.computeIfAbsent(declared.group(1), p -> new TreeSet<>()).add(module);
        }
      }
    }
    declaredBy.values().removeIf(owners -> owners.size() == 1);
    assertThat(declaredBy).as("packages split across modules").isEmpty();
  }

  @Test
  void noModuleUsesAnotherModulesInternalPackage() {
    assertThat(crossModuleUses())
        .filteredOn(use -> isInternal(use.pkg()))
        .filteredOn(use -> !exportedTo(use.target(), use.pkg(), use.module()))
        .extracting(
            use -> use.module() + " uses " + use.target() + "'s internal package at " + use.where())
        .as(
            "internal packages are private to their module; what others need belongs in a public or SPI package")
        .isEmpty();
  }

  @Test
  void modulesUseOnlyTheModulesTheyMayDependOn() {
    assertThat(crossModuleUses())
        .filteredOn(use -> !ANYTHING.contains(use.module()))
        .filteredOn(use -> !mayUse(use.module(), use.test()).contains(use.target()))
        .extracting(
            use ->
                use.module()
                    + (use.test() ? "'s tests" : "")
                    + " may use only "
                    + new TreeSet<>(mayUse(use.module(), use.test()))
                    + ", not "
                    + use.target()
                    + ", at "
                    + use.where())
        .as("module edges (ArchitectureTest.MAY_USE and TESTS_MAY_ALSO_USE, docs/architecture.md)")
        .isEmpty();
  }

  /**
   * The reference app's rooms (docs/architecture.md, "Inside the reference app: its rooms"): which
   * other rooms each one's main code may read. No room reads the top package {@code app}, which
   * wires them all ({@code Main}, its parser's messages and its person-only check) and holds
   * nothing they share.
   */
  private static final Map<String, Set<String>> ROOMS_MAY_READ =
      Map.ofEntries(
          // The bottom room: the home's files and what every command reads. It reads no room.
          Map.entry("home", Set.of()),
          // The command line's plumbing (issue 79): a command's context, exit codes, the help and
          // home options, picocli's factory, the process's stderr log, signals, the line queue.
          Map.entry("cli", Set.of("home")),
          // The audit trail (issue 79: one room): written as a hash chain, read back, checked
          // (audit verify) and reported (audit report).
          Map.entry("audit", Set.of("home", "cli")),
          // The shipped guard's app side: the gateway's provider and the guard command.
          Map.entry("guard", Set.of("home", "cli")),
          // Setup asks whether the service is installed, to name it in what it prints; it reads the
          // home's sandbox policy and the guard's folders to write the agents' own sandboxes;
          // doctor's canary reads the audit trail.
          Map.entry("agents", Set.of("home", "cli", "service", "guard", "audit")),
          // The user's service manager and the unit it runs.
          Map.entry("service", Set.of("home", "cli")),
          // The jar copies, caches and folders the distribution leaves on a machine.
          Map.entry("dist", Set.of("home")),
          // The audit trail sent beyond the machine: OTLP logs and syslog (issue 66).
          Map.entry("export", Set.of("home", "audit")),
          // One running gateway and the config's providers it runs per session (issue 79).
          Map.entry("run", Set.of("home", "audit", "guard", "export")),
          // The front ends on standard input: the console and --rpc (issue 79).
          Map.entry("console", Set.of("home", "cli", "run")),
          // The detached gateway, its starter and launch, and the service that runs it (issue 79).
          Map.entry("detached", Set.of("home", "cli", "run", "dist", "service")),
          // The gateway's one-shot commands (issue 79): hook, mcp, status, stop, gates, attach,
          // audit, uninstall; each reads the rooms it drives.
          Map.entry(
              "commands",
              Set.of(
                  "home",
                  "cli",
                  "audit",
                  "guard",
                  "agents",
                  "dist",
                  "run",
                  "console",
                  "detached")));

  /** A class of the top package {@code app}, which wires the rooms: no room reads it. */
  private static final Pattern APP_TOP =
      Pattern.compile("\\bio\\.github\\.providergateway\\.app\\.[A-Z]");

  private static final Pattern APP_ROOM =
      Pattern.compile("\\bio\\.github\\.providergateway\\.app\\.([a-z]+)\\.[A-Z]");

  @Test
  void theAppsRoomsReadOnlyTheRoomsTheirRowNames() throws IOException {
    Path app = ROOT.resolve("reference-app/src/main/java/io/github/providergateway/app");
    Set<String> rooms = new TreeSet<>();
    try (Stream<Path> dirs = Files.list(app)) {
      dirs.filter(Files::isDirectory).forEach(dir -> rooms.add(dir.getFileName().toString()));
    }
    assertThat(rooms)
        .as("packages under app with a row in ROOMS_MAY_READ")
        .isEqualTo(ROOMS_MAY_READ.keySet());
    List<String> offending = new ArrayList<>();
    for (String room : rooms) {
      try (Stream<Path> files = Files.list(app.resolve(room))) {
        for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          List<String> lines = codeLines(file);
          for (int i = 0; i < lines.size(); i++) {
            Matcher read = APP_ROOM.matcher(lines.get(i));
            while (read.find()) {
              String other = read.group(1);
              if (!other.equals(room) && !ROOMS_MAY_READ.get(room).contains(other)) {
                offending.add(ROOT.relativize(file) + ":" + (i + 1) + " reads app." + other);
              }
            }
            if (APP_TOP.matcher(lines.get(i)).find()) {
              offending.add(ROOT.relativize(file) + ":" + (i + 1) + " reads the top package app");
            }
          }
        }
      }
    }
    assertThat(offending).as("rooms reading rooms their row does not name").isEmpty();
  }

  /**
   * A row of docs/architecture.md's rooms table: {@code | `app.room` | what it holds | reads |}.
   */
  private static final Pattern ROOM_ROW =
      Pattern.compile("(?m)^\\| `app\\.([a-z]+)` \\|(.*)\\|\\s*$");

  private static final Pattern ROOM_NAMED = Pattern.compile("`app\\.([a-z]+)`");

  @Test
  void theArchitecturePageSaysWhatEachRoomReadsAsItsRowDoes() {
    String page = read(ROOT.resolve("docs/architecture.md"));
    String section =
        page.substring(
            page.indexOf("### Inside the reference app: its rooms"),
            page.indexOf("## The route of a call"));
    Map<String, Set<String>> documented = new TreeMap<>();
    Matcher row = ROOM_ROW.matcher(section);
    while (row.find()) {
      String cells = row.group(2);
      Set<String> reads = new TreeSet<>();
      Matcher named = ROOM_NAMED.matcher(cells.substring(cells.lastIndexOf('|') + 1));
      while (named.find()) {
        reads.add(named.group(1));
      }
      documented.put(row.group(1), reads);
    }
    // The bottom room is a paragraph of its own: it reads no room.
    documented.put("home", Set.of());
    assertThat(documented)
        .as("docs/architecture.md's rooms and what each reads (ROOMS_MAY_READ)")
        .isEqualTo(new TreeMap<>(ROOMS_MAY_READ));
  }

  /** A row of docs/architecture.md's module map: {@code | `module` | what it holds | may use |}. */
  private static final Pattern MAP_ROW = Pattern.compile("(?m)^\\| `([a-z-]+)` \\|(.*)\\|\\s*$");

  private static final Pattern NAMED = Pattern.compile("`([a-z-]+)`");

  @Test
  void theArchitectureMapSaysWhatEachModuleMayUseAsTheGraphDoes() {
    Map<String, String> documented = new TreeMap<>();
    Matcher row = MAP_ROW.matcher(read(ROOT.resolve("docs/architecture.md")));
    while (row.find()) {
      String cells = row.group(2);
      documented.put(row.group(1), cells.substring(cells.lastIndexOf('|') + 1));
    }
    assertThat(documented.keySet())
        .as("modules with a row in docs/architecture.md's map")
        .containsExactlyInAnyOrderElementsOf(modules());
    for (Map.Entry<String, String> entry : documented.entrySet()) {
      String module = entry.getKey();
      if (ANYTHING.contains(module)) {
        assertThat(entry.getValue()).as("the map's row of %s", module).contains("everything");
        continue;
      }
      Set<String> named = new TreeSet<>();
      Matcher name = NAMED.matcher(entry.getValue());
      while (name.find()) {
        named.add(name.group(1));
      }
      assertThat(named)
          .as("what docs/architecture.md says %s may use (MAY_USE's row)", module)
          .isEqualTo(new TreeSet<>(MAY_USE.get(module)));
    }
  }

  private static Set<String> mayUse(String module, boolean test) {
    Set<String> allowed = new TreeSet<>(MAY_USE.getOrDefault(module, Set.of()));
    if (test) {
      allowed.addAll(TESTS_MAY_ALSO_USE.getOrDefault(module, Set.of()));
      allowed.add(TESTING);
    }
    return allowed;
  }

  @Test
  void libraryCodeNeverReadsTheWallClockOrSleeps() {
    List<Path> libraries = new ArrayList<>();
    for (String module :
        List.of("protocol-api", "loop", "host-api", "gateway-runtime", "provider-api")) {
      libraries.addAll(mainSources(module));
    }
    assertThat(
            offending(
                libraries,
                Pattern.compile(
                    "Instant\\.now\\(|System\\.currentTimeMillis\\(|Thread\\.sleep\\(|LocalDateTime\\.now\\(|Clock\\.systemUTC\\(|Clock\\.systemDefaultZone\\(")))
        .as("time is injected: only Backend.system() may pick the system clock")
        .allMatch(hit -> hit.contains("loop/SystemBackend.java"));
  }

  /**
   * No test sleeps: a timeout of ours is advanced on {@code ManualClock}, a real process or socket
   * is waited for by the state it reaches ({@code Await}, bounded), and a window of real time that
   * is itself measured is a condition over {@code Await}'s looks.
   */
  @Test
  void noTestSleeps() {
    List<Path> tests = new ArrayList<>();
    for (String module : modules()) {
      tests.addAll(sources(module, "test"));
      tests.addAll(sources(module, "testFixtures"));
    }
    assertThat(offending(tests, Pattern.compile("Thread\\.sleep\\(|TimeUnit\\.\\w+\\.sleep\\(")))
        .as("time is injected in tests too")
        .isEmpty();
  }

  @Test
  void theEngineTheProtocolAndTheProviderSideNeverTouchWebSocketLibraries() {
    List<Path> files = new ArrayList<>();
    for (String module :
        List.of(
            "protocol-api",
            "loop",
            "host-api",
            "gateway-runtime",
            "provider-api",
            "provider-client",
            "host-client")) {
      files.addAll(mainSources(module));
    }
    assertThat(
            offending(
                files, Pattern.compile("(org\\.glassfish|jakarta\\.websocket|javax\\.websocket)")))
        .isEmpty();
  }

  @Test
  void routesNameNoServerAndTheJakartaAdapterNoContainer() {
    // Issue 37: a route is served by whichever server carries it, and the adapter runs in any
    // Jakarta WebSocket container; only their tests start a real one.
    List<Path> routes = new ArrayList<>();
    for (String module : List.of("http-routes", "status-page", "agent-bridge")) {
      routes.addAll(mainSources(module));
    }
    assertThat(
            offending(
                routes, Pattern.compile("(org\\.glassfish|jakarta\\.websocket|javax\\.websocket)")))
        .isEmpty();
    assertThat(
            offending(
                mainSources("transport-jakarta"),
                Pattern.compile("(org\\.glassfish|org\\.eclipse\\.jetty|org\\.apache\\.tomcat)")))
        .isEmpty();
  }

  /**
   * One primitive per concern (issue 50): each raw call below is made in {@code loop}'s {@code
   * base} package only, so that a fix to how the gateway makes a thread, creates a secret file or
   * checks a span is made once. The key is the call, the value the primitive to use instead.
   */
  static final Map<Pattern, String> RAW_PRIMITIVE_CALLS =
      Map.of(
          Pattern.compile("\\.setDaemon\\("),
          "DaemonThreads (a named daemon thread, a factory of them)",
          Pattern.compile("\\bPosixFilePermissions?\\b"),
          "OwnerOnlyFiles (owner-only from creation) or SafeFiles (who could have written it)",
          Pattern.compile(
              "([\\w.]+(?:\\(\\))?)\\.isNegative\\(\\)\\s*\\|\\|\\s*\\1\\.isZero\\(\\)"
                  + "|!([\\w.]+(?:\\(\\))?)\\.isNegative\\(\\)\\s*&&\\s*!\\2\\.isZero\\(\\)"),
          "Durations (requirePositive, isPositive)");

  /** Where the primitives live, the one place the raw calls may be made. */
  private static final String PRIMITIVES =
      "loop/src/main/java/io/github/providergateway/loop/base/";

  /**
   * The modules that cannot use {@code loop} ({@code protocol-api}, {@code host-api}, ...: nothing
   * of ours, or only the protocol) keep their own span checks for their records' constructors.
   */
  private static boolean mayUseThePrimitives(String module) {
    return module.equals("loop")
        || ANYTHING.contains(module)
        || MAY_USE.getOrDefault(module, Set.of()).contains("loop");
  }

  @Test
  void theRawCallsOfAPrimitiveAreMadeInItsPackageOnly() {
    List<String> hits = new ArrayList<>();
    for (String module : modules()) {
      List<Path> files = new ArrayList<>(mainSources(module));
      files.addAll(fixtureSources(module));
      files.removeIf(file -> ROOT.relativize(file).toString().startsWith(PRIMITIVES));
      RAW_PRIMITIVE_CALLS.forEach(
          (raw, primitive) -> {
            boolean spanCheck = primitive.startsWith("Durations");
            if (!spanCheck || mayUseThePrimitives(module)) {
              offending(files, raw).forEach(hit -> hits.add(hit + "  -> use " + primitive));
            }
          });
    }
    assertThat(hits)
        .as("raw calls outside %s (issue 50: one primitive per concern)", PRIMITIVES)
        .isEmpty();
  }

  @Test
  void theRawCallRulesRecogniseWhatTheyForbid() {
    // Each rule above is only as good as its pattern: these are the copies issue 50 removed.
    List<String> copies =
        List.of(
            "thread.setDaemon(true);",
            "PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(\"rw-------\"))",
            "Set<PosixFilePermission> permissions =",
            "if (value.isNegative() || value.isZero()) {",
            "if (!left().isNegative() && !left().isZero() && !blockedAnywhere) {",
            "&& (decision != GateDecision.ASK || askTimeout.isNegative() || askTimeout.isZero())) {");
    assertThat(copies)
        .allMatch(
            copy ->
                RAW_PRIMITIVE_CALLS.keySet().stream().anyMatch(raw -> raw.matcher(copy).find()));
    assertThat(List.of("if (delay.isNegative()) {", "interval.isZero() || !now.isBefore(next)"))
        .as("a check of one bound alone is no positive-span check")
        .noneMatch(
            line ->
                RAW_PRIMITIVE_CALLS.keySet().stream().anyMatch(raw -> raw.matcher(line).find()));
  }

  /**
   * The guard's runtime in one room (issue 79): agent-bridge's {@code agent.guard}, where a {@code
   * Guard} is built ({@code GuardFactory}) and asked ({@code GuardJudge}, the one fail-closed
   * path).
   */
  static final String GUARD_ROOM =
      "agent-bridge/src/main/java/io/github/providergateway/agent/guard/";

  /** Building a guard: from settings, or by tightening one. */
  static final Pattern GUARD_BUILT = Pattern.compile("\\bGuard\\.create\\(|\\.tightenedBy\\(");

  /**
   * {@code GuardFactory} is the one place a guard is built from configuration: no other main code
   * calls {@code Guard.create} or {@code tightenedBy}, but the guard module itself and the
   * benchmark that measures the library bare (it depends on no bridge).
   */
  @Test
  void aGuardIsBuiltInGuardFactoryOnly() {
    List<String> hits = new ArrayList<>();
    for (String module : modules()) {
      if (module.equals("guard") || module.equals("benchmarks")) {
        continue;
      }
      List<Path> files = new ArrayList<>(mainSources(module));
      files.addAll(fixtureSources(module));
      files.removeIf(
          file -> ROOT.relativize(file).toString().equals(GUARD_ROOM + "GuardFactory.java"));
      hits.addAll(offending(files, GUARD_BUILT));
    }
    assertThat(hits).as("guards built outside %sGuardFactory.java", GUARD_ROOM).isEmpty();
    assertThat(List.of("Guard.create(settings, environment)", "base.tightenedBy(project)"))
        .as("the rule recognises what it forbids")
        .allMatch(line -> GUARD_BUILT.matcher(line).find());
  }

  /** Asking a guard about a call directly, by the name it is held under. */
  static final Pattern GUARD_ASKED =
      Pattern.compile("\\b[gG]uard(\\(\\))?(\\.get\\(\\))?\\.(judge|decide|explain)\\(");

  /**
   * Where a guard may be asked directly: the room's one entry, the home's guard (the {@code Judge}
   * that entry calls for the engine's policy) and {@code gateway guard test}'s corpus run, which
   * measures the guard and runs no call.
   */
  static final Set<String> GUARD_ASKED_IN =
      Set.of(
          GUARD_ROOM + "GuardJudge.java",
          "reference-app/src/main/java/io/github/providergateway/app/guard/HomeGuard.java",
          "reference-app/src/main/java/io/github/providergateway/app/guard/GuardCorpusRun.java");

  /**
   * One {@code judge} (issue 79): the bridge and the app ask the guard about a call only through
   * {@code GuardJudge}, the one fail-closed path, whichever path the call came by.
   */
  @Test
  void theGuardIsAskedThroughTheRoomsOneEntry() {
    List<Path> files = new ArrayList<>(mainSources("agent-bridge"));
    files.addAll(mainSources("reference-app"));
    files.removeIf(file -> GUARD_ASKED_IN.contains(ROOT.relativize(file).toString()));
    assertThat(offending(files, GUARD_ASKED))
        .as("a guard asked outside GuardJudge (use GuardJudge.judge, JudgedCall or alone)")
        .isEmpty();
    assertThat(
            List.of(
                "guard.decide(offline, keptPast)",
                "context.guard().get().judge(call, past)",
                "now.guard().explain(call)"))
        .as("the rule recognises what it forbids")
        .allMatch(line -> GUARD_ASKED.matcher(line).find());
  }

  /**
   * The guard's room sits under the bridge's doors: it reads none of {@code agent}'s other packages
   * but {@code agent.internal} (the user's home), so the hook, the MCP door and the app all call
   * down into it and nothing of theirs is needed to judge a call.
   */
  @Test
  void theGuardsRuntimeRoomReadsNoDoorOfTheBridge() {
    Pattern door =
        Pattern.compile(
            "\\bio\\.github\\.providergateway\\.agent\\.(?!guard\\b|internal\\b)[a-z]+\\b");
    List<Path> room =
        mainSources("agent-bridge").stream()
            .filter(file -> ROOT.relativize(file).toString().startsWith(GUARD_ROOM))
            .toList();
    assertThat(room)
        .extracting(file -> file.getFileName().toString())
        .contains("GuardFactory.java", "GuardJudge.java", "GuardLayers.java");
    assertThat(offending(room, door)).as("the guard's room reading the bridge's doors").isEmpty();
  }

  @Test
  void theProtocolLibraryHasNoThreadsOrIo() {
    assertThat(
            offending(
                mainSources("protocol-api"),
                Pattern.compile(
                    "new Thread\\(|Executor|java\\.nio\\.file\\.Files|java\\.net\\.|java\\.time\\.Clock")))
        .isEmpty();
  }
}
