package io.github.providergateway.app.home;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.loop.base.SafeFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The home's ledger, {@code <home>/setup.json}, owner-only: what {@code gateway setup} wrote where
 * (and the backups of the files it changed, {@code <home>/setup-backups/}), and every other file of
 * the gateway's outside its home ({@link Written}: the service's unit and jar, the installed
 * archive's folder and links). {@code setup --remove} takes back exactly what a setup recorded
 * here, {@code --list} shows it, and {@code gateway uninstall} takes back all of it ({@code
 * UninstallCommand}). The ledger is read only when it passes {@link SafeFiles#checkSecretFile} (it
 * says which files setup may restore), and the backups are written owner-only since a settings file
 * may hold a token.
 */
public final class SetupLedger {

  /** The ledger's name in the home. */
  public static final String FILE = "setup.json";

  /** The folder of the backups in the home. */
  public static final String BACKUPS = "setup-backups";

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One file setup changed.
   *
   * @param file the file, absolute
   * @param format how setup reads it
   * @param created whether setup created it (none was there before)
   * @param backup the file as it was before setup's first change, or null when setup created it
   * @param written the SHA-256 of the content setup last wrote: while the file still has it, {@code
   *     --remove} restores the backup byte for byte
   * @param additions what setup added
   * @param mode the file's permissions before setup's first change ({@code rw-r--r--}), which
   *     {@code --remove} gives back with its bytes (setup makes a file holding a token owner-only);
   *     null when setup created it or an older ledger did not record it
   */
  public record FileRecord(
      Path file,
      SettingsEdit.Format format,
      boolean created,
      Path backup,
      String written,
      List<SettingsEdit.Addition> additions,
      String mode) {
    public FileRecord {
      Objects.requireNonNull(file, "file");
      additions = List.copyOf(additions);
    }

    /** A record with no mode recorded. */
    public FileRecord(
        Path file,
        SettingsEdit.Format format,
        boolean created,
        Path backup,
        String written,
        List<SettingsEdit.Addition> additions) {
      this(file, format, created, backup, written, additions, null);
    }
  }

  /**
   * One agent set up in one scope.
   *
   * @param agent the agent's name
   * @param scope {@code user} or {@code project}
   * @param project the project's folder for {@code project}; null for {@code user}
   * @param hookClient the client whose hook token setup issued, or null
   * @param files the files it changed
   */
  public record Setup(
      String agent, String scope, Path project, String hookClient, List<FileRecord> files) {
    public Setup {
      files = List.copyOf(files);
    }

    boolean is(String agent, String scope, Path project) {
      return this.agent.equals(agent)
          && this.scope.equals(scope)
          && Objects.equals(this.project, project);
    }

    /** What it says in {@code --list} and in messages: {@code claude (project /x)}. */
    public String describe() {
      return agent + " (" + scope + (project == null ? "" : " " + project) + ")";
    }
  }

  /**
   * A file or folder outside the home that the gateway wrote (a folder with everything in it).
   *
   * @param path the file, absolute
   * @param by who wrote it: {@code service} ({@code gateway service install}) or {@code install}
   *     (the archive's install.sh)
   */
  public record Written(Path path, String by) {
    public Written {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(by, "by");
    }
  }

  private final Path home;

  /** Every setup recorded, in the order they were first made. */
  private final List<Setup> setups;

  /** The other files recorded, in the order they were first written. */
  private final List<Written> written;

  private SetupLedger(Path home, List<Setup> setups, List<Written> written) {
    this.home = home;
    this.setups = new ArrayList<>(setups);
    this.written = new ArrayList<>(written);
  }

  /**
   * The home's ledger; empty when there is none.
   *
   * @throws IOException when it cannot be read, is not safe (another user could have written it) or
   *     is not a ledger
   */
  public static SetupLedger read(Path home) throws IOException {
    Path file = home.resolve(FILE);
    byte[] content;
    try {
      content = Files.readAllBytes(SafeFiles.checkSecretFile(file));
    } catch (NoSuchFileException e) {
      return new SetupLedger(home, List.of(), List.of());
    }
    JsonNode root = JSON.readTree(content);
    List<Setup> setups = new ArrayList<>();
    for (JsonNode setup : root.path("setups")) {
      List<FileRecord> files = new ArrayList<>();
      for (JsonNode f : setup.path("files")) {
        List<SettingsEdit.Addition> additions = new ArrayList<>();
        f.path("additions").forEach(a -> additions.add(SettingsEdit.Addition.fromJson(a)));
        files.add(
            new FileRecord(
                Path.of(f.path("file").asText()),
                SettingsEdit.Format.valueOf(f.path("format").asText()),
                f.path("created").asBoolean(),
                f.hasNonNull("backup") ? Path.of(f.path("backup").asText()) : null,
                f.path("written").asText(),
                additions,
                f.hasNonNull("mode") ? f.path("mode").asText() : null));
      }
      setups.add(
          new Setup(
              setup.path("agent").asText(),
              setup.path("scope").asText(),
              setup.hasNonNull("project") ? Path.of(setup.path("project").asText()) : null,
              setup.hasNonNull("hookClient") ? setup.path("hookClient").asText() : null,
              files));
    }
    List<Written> written = new ArrayList<>();
    for (JsonNode w : root.path("written")) {
      written.add(new Written(Path.of(w.path("path").asText()), w.path("by").asText()));
    }
    return new SetupLedger(home, setups, written);
  }

  /** The files outside the home recorded besides the setups. */
  public List<Written> written() {
    return List.copyOf(written);
  }

  /** Records {@code path} as written by {@code by}, once. */
  public void wrote(Path path, String by) {
    Written entry = new Written(path.toAbsolutePath().normalize(), by);
    if (!written.contains(entry)) {
      written.add(entry);
    }
  }

  /**
   * {@link FileRecord#written} of a file the person changed between two of setup's writes: its
   * content is never taken as setup's alone again, so {@code --remove} takes setup's entries out of
   * it rather than restoring the backup or deleting it.
   */
  public static final String EDITED = "edited";

  /**
   * {@link FileRecord#written} after setup writes {@code content} over {@code before}, where it
   * last recorded {@code earlier} (null for a first write): {@link #EDITED} once the person changed
   * the file between two of setup's writes, else the content's SHA-256.
   */
  public static String writtenAfter(String earlier, byte[] before, byte[] content) {
    boolean theirsSince =
        EDITED.equals(earlier)
            || earlier != null && before != null && !sha256(before).equals(earlier);
    return theirsSince ? EDITED : sha256(content);
  }

  /** {@link Written#by} of a folder the gateway made where none was: uninstall's once empty. */
  public static final String MADE = "made";

  /**
   * Records the folders of {@code file}'s path that are not there yet, as {@link #MADE}: what
   * writing it will make, which {@code gateway uninstall} removes again once they are empty, and
   * never a folder that was there before.
   */
  public void makes(Path file) {
    Path parent = file.toAbsolutePath().normalize().getParent();
    if (parent != null) {
      notThere(parent).forEach(folder -> wrote(folder, MADE));
    }
  }

  /** {@code folder} and the folders above it that are not there yet, deepest first. */
  public static List<Path> notThere(Path folder) {
    List<Path> missing = new ArrayList<>();
    for (Path at = folder.toAbsolutePath().normalize();
        at != null && !Files.exists(at, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        at = at.getParent()) {
      missing.add(at);
    }
    return missing;
  }

  /** Whether {@code folder} is recorded as {@link #MADE}. */
  public boolean isMade(Path folder) {
    return written.contains(new Written(folder, MADE));
  }

  /** Forgets {@code folder} as {@link #MADE}: it is gone. */
  public void forgetMade(Path folder) {
    written.remove(new Written(folder, MADE));
  }

  /** Forgets every file recorded besides the setups. */
  public void forgetWritten() {
    written.clear();
  }

  /** Forgets the files {@code by} wrote (as {@link Written#by}). */
  public void forgetWritten(String by) {
    written.removeIf(w -> w.by().equals(by));
  }

  /** Every setup recorded. */
  public List<Setup> all() {
    return List.copyOf(setups);
  }

  /** The setup of {@code agent} in {@code scope} (and {@code project}), if recorded. */
  public Optional<Setup> find(String agent, String scope, Path project) {
    return setups.stream().filter(s -> s.is(agent, scope, project)).findFirst();
  }

  /** Records {@code setup}, replacing the one of the same agent, scope and project. */
  public void put(Setup setup) {
    for (int i = 0; i < setups.size(); i++) {
      if (setups.get(i).is(setup.agent(), setup.scope(), setup.project())) {
        setups.set(i, setup);
        return;
      }
    }
    setups.add(setup);
  }

  /** Forgets the setup of {@code agent} in {@code scope} (and {@code project}). */
  public void forget(String agent, String scope, Path project) {
    setups.removeIf(s -> s.is(agent, scope, project));
  }

  /** Writes the ledger, owner-only; with nothing left in it, removes it. */
  public void write() throws IOException {
    Path file = home.resolve(FILE);
    if (setups.isEmpty() && written.isEmpty()) {
      Files.deleteIfExists(file);
      return;
    }
    ObjectNode root = JSON.createObjectNode();
    root.put("version", 1);
    ArrayNode list = root.putArray("setups");
    for (Setup setup : setups) {
      ObjectNode node = list.addObject();
      node.put("agent", setup.agent()).put("scope", setup.scope());
      node.put("project", setup.project() == null ? null : setup.project().toString());
      node.put("hookClient", setup.hookClient());
      ArrayNode files = node.putArray("files");
      for (FileRecord record : setup.files()) {
        ObjectNode f = files.addObject();
        f.put("file", record.file().toString());
        f.put("format", record.format().name());
        f.put("created", record.created());
        f.put("backup", record.backup() == null ? null : record.backup().toString());
        f.put("written", record.written());
        if (record.mode() != null) {
          f.put("mode", record.mode());
        }
        ArrayNode additions = f.putArray("additions");
        record.additions().forEach(a -> additions.add(a.toJson()));
      }
    }
    ArrayNode others = root.putArray("written");
    for (Written w : written) {
      others.addObject().put("path", w.path().toString()).put("by", w.by());
    }
    HomeDirectory.ensure(home);
    OwnerOnlyFiles.replace(file, SettingsEdit.print(root));
  }

  /**
   * Keeps {@code content}, the file as it was before the first change of the setup {@code owner}
   * (two setups that change one file keep one backup each), owner-only in the home; returns where.
   */
  public Path backUp(Path file, String owner, byte[] content) throws IOException {
    Path folder = home.resolve(BACKUPS);
    HomeDirectory.ensure(home);
    OwnerOnlyFiles.createDirectories(folder);
    String name =
        ClientTokens.sha256(owner + "\n" + file).substring(0, 16) + "-" + file.getFileName();
    Path backup = folder.resolve(name);
    OwnerOnlyFiles.replace(backup, content);
    return backup;
  }

  /** The SHA-256 of {@code content}, in lower-case hex: what {@link FileRecord#written} holds. */
  public static String sha256(byte[] content) {
    try {
      return java.util.HexFormat.of()
          .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(content));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /**
   * Whether {@code backup} is one {@link #backUp} could have written (or null, for none): a file
   * named in this home's backups folder, so that a ledger another program wrote cannot make {@code
   * --remove} copy any file of the user's over a settings file.
   */
  public boolean isBackup(Path backup) {
    return backup == null
        || backup.isAbsolute()
            && backup.equals(backup.normalize())
            && home.toAbsolutePath().normalize().resolve(BACKUPS).equals(backup.getParent());
  }

  /** The backup {@link #backUp} wrote, checked as the ledger is. */
  public static byte[] readBackup(Path backup) throws IOException {
    return Files.readAllBytes(SafeFiles.checkSecretFile(backup));
  }
}
