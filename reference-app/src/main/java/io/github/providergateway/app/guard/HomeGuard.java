package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.nio.file.LinkOption.NOFOLLOW_LINKS;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.agent.guard.GuardJudge;
import io.github.providergateway.agent.guard.GuardLayers;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.home.JsonBreak;
import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.app.home.RegularFileRead;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardExplanation;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.SandboxPolicy;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionVerdict;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * The guard of a home (issue 44, docs/guard.md): the person's settings (the {@code "guard"} object
 * of the home's config, {@link ProjectConfig#guard}), and for a call in a project the project's own
 * file, {@code <project>/.provider-gateway/guard.json}, which can only tighten them.
 *
 * <p>The project's file is read when a call of that project is decided, and read again when its
 * modification time or size changes. One that cannot be used (unreadable, past {@link
 * #MAX_PROJECT_FILE_BYTES}, not a JSON object) is reported and every call in its project is denied
 * by rule {@code guard.unreadable} until it is mended or removed: a broken file must not loosen
 * what its project asked for, and taking it as absent would (docs/guard.md). Entries it may not
 * have ({@code off}, an allow list) are left out and reported, as the guard module reads them.
 *
 * <p>Thread-safe: the person's settings are replaced whole by a reload; the project files' cache is
 * guarded by this object.
 */
public final class HomeGuard {

  /** Where a project keeps its own guard rules, relative to its folder. */
  static final Path PROJECT_FILE = Path.of(".provider-gateway", "guard.json");

  /** The largest project file read: a bigger one is refused, not read in part. */
  static final int MAX_PROJECT_FILE_BYTES = 64 * 1024;

  /** The rule that denies what cannot be read (agreed by every part of issue 44). */
  static final String UNREADABLE = GuardJudge.UNREADABLE;

  /** The projects whose files are remembered; beyond it the oldest is read again when asked. */
  private static final int MAX_PROJECTS = 256;

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final GuardEnvironment environment;

  /** Told each problem of a project file, once per version of the file. */
  private final Consumer<String> problems;

  /**
   * The guard of the organisation's layer and the person's settings; replaced whole by {@link
   * #personal(GuardSettings)} and {@link #organisation(OrgLayer)}, read by every decision.
   */
  private volatile GuardLayers layers;

  /** The person's settings, kept to make {@link #layers} again. Written under {@code this}. */
  private GuardSettings personSettings;

  /** The organisation's layer (issue 66), kept likewise. Written under {@code this}. */
  private OrgLayer org = new OrgLayer.None();

  /** The project files read, by project folder, oldest first. Guarded by {@code this}. */
  private final Map<Path, ProjectFile> projects = new LinkedHashMap<>(16, 0.75f, true);

  /**
   * One version of a project's file: its modification time and size when read, and the guard it
   * makes (the person's tightened by it), or the deny of a file that cannot be used. Null times: no
   * file.
   */
  private record ProjectFile(
      FileTime modified, long size, GuardSettings settings, GuardVerdict broken) {}

  /**
   * The guard of {@code personal} settings on {@code environment}; a project file's problems go to
   * {@code problems}.
   */
  public HomeGuard(
      GuardSettings personal, GuardEnvironment environment, Consumer<String> problems) {
    this.environment = requireNonNull(environment, "environment");
    this.problems = requireNonNull(problems, "problems");
    this.personSettings = requireNonNull(personal, "personal");
    this.layers = GuardLayers.of(org.base(), org.label(), personal, environment, problems);
  }

  /**
   * The folders of this machine as the guard needs them: the user's home, the temporary folders
   * ({@code java.io.tmpdir}, {@code /tmp}, {@code /var/tmp}, {@code $TMPDIR}) and the gateway's
   * home.
   */
  public static GuardEnvironment environment(Path gatewayHome, Map<String, String> env) {
    return GuardFactory.environment(gatewayHome, HomeDirectory.userHome(env), env.get("TMPDIR"));
  }

  /**
   * The same, with the gateway's {@code --config} file among what no agent may change or read
   * (issue 61: it names the providers' commands and may hold their tokens), when there is one.
   */
  public static GuardEnvironment environment(
      Path gatewayHome, Map<String, String> env, Path config) {
    GuardEnvironment environment = environment(gatewayHome, env);
    return config == null ? environment : environment.withGatewayFile(config);
  }

  /**
   * The guard of {@code home} as its gateway would run it: its config's {@code "guard"} object (the
   * home's settings name the config), else the defaults; a config that cannot be read gives the
   * defaults, whose catastrophic rules every preset but {@code off} keeps.
   *
   * @param problems told what is wrong in the config's guard object, a line each
   */
  public static HomeGuard forHome(Path home, Map<String, String> env, Consumer<String> problems) {
    // A command's one look at the time: whether the kept organisation policy has expired.
    return forHome(home, env, java.time.Clock.systemUTC().instant(), problems);
  }

  /**
   * As {@link #forHome(Path, Map, Consumer)}, with the organisation's layer (issue 66) as the home
   * keeps it at {@code now} ({@link OrgPolicy#keptLayer}): such a process never fetches.
   */
  public static HomeGuard forHome(
      Path home, Map<String, String> env, java.time.Instant now, Consumer<String> problems) {
    GuardSettings settings = GuardSettings.defaults();
    Path config = configOf(home, problems);
    if (config != null) {
      ProjectConfig read = ProjectConfig.load(config);
      settings = read.guard();
      read.problems().stream()
          .filter(problem -> problem.contains(ProjectConfig.GUARD_PROBLEM))
          .forEach(problems);
      if (read.fileProblem() != null) {
        problems.accept("config file " + read.fileProblem() + "; the guard's defaults apply");
      }
    }
    HomeGuard guard = new HomeGuard(settings, environment(home, env, config), problems);
    PolicySettings policy = PolicySettings.read(SystemSettings.read());
    policy.problems().forEach(problem -> problems.accept("organisation policy: " + problem));
    guard.organisation(OrgPolicy.keptLayer(policy, home, now));
    return guard;
  }

  /**
   * The sandbox policy of {@code home} (issue 64): its config's {@code guard.sandbox} (the home's
   * settings name the config), else the defaults, which also stand for a config that cannot be
   * read.
   *
   * @param problems told what is wrong in the policy, a line each
   * @return the policy
   */
  public static SandboxPolicy sandboxPolicy(Path home, Consumer<String> problems) {
    Path config = configOf(home, problems);
    if (config == null) {
      return SandboxPolicy.defaults();
    }
    try {
      JsonNode root = new ObjectMapper().readTree(Files.readString(config));
      SandboxPolicy policy =
          SandboxPolicy.read(root == null ? null : root.path("guard").path("sandbox"));
      policy.problems().forEach(problem -> problems.accept(config + ": " + problem));
      return policy;
    } catch (IOException e) {
      problems.accept(
          config + " cannot be read (" + e.getMessage() + "); the sandbox's defaults apply");
      return SandboxPolicy.defaults();
    }
  }

  /**
   * The config file {@code home}'s settings name, or null when they name none or cannot be read
   * (told to {@code problems}).
   */
  private static Path configOf(Path home, Consumer<String> problems) {
    try {
      return io.github.providergateway.host.client.HomeSettings.read(home).config();
    } catch (IOException e) {
      problems.accept("the home's settings cannot be read (" + e.getMessage() + ")");
      return null;
    }
  }

  /** The person's settings changed (a reload, {@code --watch}): from the next call on. */
  public synchronized void personal(GuardSettings settings) {
    personSettings = requireNonNull(settings, "settings");
    layers = GuardLayers.of(org.base(), org.label(), personSettings, environment, problems);
  }

  /**
   * The organisation's layer changed (issue 66: a policy arrived, was replaced or expired): from
   * the next call on. What of the person's settings it leaves out is told to the problems.
   */
  public synchronized void organisation(OrgLayer layer) {
    org = requireNonNull(layer, "layer");
    layers = GuardLayers.of(org.base(), org.label(), personSettings, environment, problems);
  }

  /**
   * {@return the guard of a call with no project: the organisation's layer, if any, and the
   * person's settings}
   */
  public Guard personal() {
    return layers.guard();
  }

  /**
   * Loads the guard before its first call ({@link Guard#warmUp}), on {@code executor}, at once: the
   * first decision of a fresh gateway pays for the rule book (about a second of CPU on a quiet
   * machine, several on a busy one), and the policy's timer would count that against the first real
   * call. A call that comes meanwhile waits only for what is still loading. {@code told} hears when
   * it is done and how long it took on {@code clock} (decision 151).
   */
  public void warmUpOn(Executor executor, Clock clock, Consumer<String> told) {
    Instant began = clock.instant();
    try {
      executor.execute(
          () -> {
            personal().warmUp();
            long millis = Duration.between(began, clock.instant()).toMillis();
            told.accept("guard: ready, its rules loaded in " + millis + " ms");
          });
    } catch (RejectedExecutionException e) {
      told.accept("guard: not loaded before its first call (" + e.getMessage() + ")");
    }
  }

  /** {@return the machine's folders the guard knows} */
  public GuardEnvironment environment() {
    return environment;
  }

  /**
   * Decides {@code call}, with its project's file when it has a project.
   *
   * @return the verdict; never throws
   */
  GuardVerdict decide(GuardCall call) {
    return explain(call).verdict();
  }

  /**
   * Decides {@code call} in a session that has seen {@code past} (the flow rules), with its
   * project's file when it has a project, and says what the call adds to that past if it runs.
   *
   * @return the verdict and the call's flow; never throws
   */
  SessionVerdict judge(GuardCall call, SessionPast past) {
    GuardLayers now = layers;
    if (call.project() == null) {
      return now.guard().judge(call, past);
    }
    ProjectFile file = projectFile(call.project());
    if (file.broken() != null) {
      return new SessionVerdict(file.broken(), CallFlow.NONE);
    }
    Guard guard = file.settings() == null ? now.guard() : now.withProject(file.settings());
    return guard.judge(call, past);
  }

  /** As {@link #decide}, with the parse and every rule that matched. */
  GuardExplanation explain(GuardCall call) {
    GuardLayers now = layers;
    if (call.project() == null) {
      return now.guard().explain(call);
    }
    ProjectFile file = projectFile(call.project());
    if (file.broken() != null) {
      return new GuardExplanation(
          file.broken(),
          List.of("project file " + call.project().resolve(PROJECT_FILE)),
          List.of(UNREADABLE + " deny: " + file.broken().reason()));
    }
    return file.settings() == null
        ? now.guard().explain(call)
        : now.withProject(file.settings()).explain(call);
  }

  /** The project's file as it is now: the one remembered while its time and size are unchanged. */
  private synchronized ProjectFile projectFile(Path project) {
    Path path = project.resolve(PROJECT_FILE);
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(path, BasicFileAttributes.class, NOFOLLOW_LINKS);
    } catch (NoSuchFileException absent) {
      ProjectFile none = new ProjectFile(null, -1, null, null);
      remember(project, none);
      return none;
    } catch (IOException e) {
      return broken(project, path, null, -1, "cannot be read (" + e.getMessage() + ")");
    }
    ProjectFile known = projects.get(project);
    if (known != null
        && attributes.lastModifiedTime().equals(known.modified())
        && attributes.size() == known.size()) {
      return known;
    }
    FileTime modified = attributes.lastModifiedTime();
    long size = attributes.size();
    try {
      // Checked when the file changed, not on every call: a link's target is resolved on disk.
      if (attributes.isSymbolicLink() || !insideProject(project, path)) {
        // A cloned repository chooses its files: a link out of it would make the gateway read
        // any file of the person's (a token) as this project's rules.
        return broken(
            project,
            path,
            modified,
            size,
            "is a link, or lies outside the project through a linked folder; it must be a regular"
                + " file of the project");
      }
    } catch (IOException e) {
      return broken(project, path, modified, size, "cannot be read (" + e.getMessage() + ")");
    }
    if (!attributes.isRegularFile()) {
      return broken(project, path, modified, size, "is not a regular file");
    }
    if (size > MAX_PROJECT_FILE_BYTES) {
      return broken(
          project,
          path,
          modified,
          size,
          "is "
              + size
              + " bytes, more than the "
              + MAX_PROJECT_FILE_BYTES
              + " a guard file may be");
    }
    byte[] bytes;
    try {
      // Within a deadline: the file may be swapped for a FIFO since it was looked at.
      bytes = RegularFileRead.read(path, MAX_PROJECT_FILE_BYTES);
    } catch (IOException e) {
      return broken(project, path, modified, size, "cannot be read (" + e.getMessage() + ")");
    }
    if (bytes.length > MAX_PROJECT_FILE_BYTES) {
      return broken(
          project, path, modified, size, "grew past " + MAX_PROJECT_FILE_BYTES + " bytes");
    }
    JsonNode root;
    try {
      root = CODEC.parseJson(new String(bytes, UTF_8));
    } catch (IllegalArgumentException e) {
      // Where, never what: the text may be anything the file was made to hold.
      return broken(project, path, modified, size, "is " + JsonBreak.at(new String(bytes, UTF_8)));
    }
    if (!root.isObject()) {
      return broken(project, path, modified, size, "is not a JSON object");
    }
    GuardSettings settings;
    try {
      settings = GuardSettings.project(root);
    } catch (IllegalArgumentException e) {
      return broken(project, path, modified, size, e.getMessage());
    }
    for (String problem : settings.problems()) {
      problems.accept(path + ": " + problem + " (left out: a project's file can only tighten)");
    }
    ProjectFile read = new ProjectFile(modified, size, settings, null);
    remember(project, read);
    return read;
  }

  /** Whether {@code path}'s folders, links resolved, are still under the project's own. */
  private static boolean insideProject(Path project, Path path) throws IOException {
    return path.getParent().toRealPath().startsWith(project.toRealPath());
  }

  private ProjectFile broken(Path project, Path path, FileTime modified, long size, String why) {
    ProjectFile known = projects.get(project);
    String reason =
        "the project's guard file "
            + path
            + " "
            + why
            + "; every call in "
            + project
            + " is denied until it is mended or removed (a broken file must not loosen the guard)";
    ProjectFile broken =
        new ProjectFile(
            modified,
            size,
            null,
            new GuardVerdict(GuardVerdict.Outcome.DENY, UNREADABLE, reason, null));
    if (known == null || known.broken() == null || !reason.equals(known.broken().reason())) {
      problems.accept(reason);
    }
    remember(project, broken);
    return broken;
  }

  private void remember(Path project, ProjectFile file) {
    projects.put(project, file);
    if (projects.size() > MAX_PROJECTS) {
      projects.remove(projects.keySet().iterator().next());
    }
  }
}
