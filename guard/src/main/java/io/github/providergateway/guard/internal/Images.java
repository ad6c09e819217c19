package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where an image command pushes ({@code publish.image}): the images it writes to a registry, read
 * from the place each tool names them, and whether any of those is a registry other than this
 * machine's ({@code localhost}, {@code 127.0.0.1}). A tool's options are read as it settles them:
 * of two {@code --dry-run} and {@code --no-dry-run} the last decides, every {@code -t} is a place
 * it pushes to, and a word it takes as an option's value is no image.
 */
final class Images {
  /** The tools that push an image, or a chart as one: {@link #pushes} reads no other program. */
  static final Set<String> PUSHERS =
      NameSet.of(
          "docker",
          "podman",
          "nerdctl",
          "buildah",
          "skopeo",
          "crane",
          "oras",
          "regctl",
          "helm",
          "ko",
          "pack",
          "executor");

  /**
   * Options, of the tools read here, that take a value in the next word, by the name they are read
   * under ({@code -t} and {@code --tag} both {@code tag}); options of a program not listed here
   * take none. One table for all: a name means the same in each tool that has it.
   */
  private static final Map<String, String> WITH_VALUE =
      Map.ofEntries(
          Map.entry("-t", "tag"),
          Map.entry("--tag", "tag"),
          Map.entry("--new_tag", "tag"),
          Map.entry("-o", "output"),
          Map.entry("--output", "output"),
          Map.entry("-d", "destination"),
          Map.entry("--destination", "destination"),
          Map.entry("-f", "file"),
          Map.entry("--file", "file"),
          Map.entry("-H", "host"),
          Map.entry("--host", "host"),
          Map.entry("-c", "context"),
          Map.entry("--context", "context"),
          Map.entry("--config", "config"),
          Map.entry("-l", "log-level"),
          Map.entry("--log-level", "log-level"),
          Map.entry("--builder", "builder"),
          Map.entry("--build-arg", "build-arg"),
          Map.entry("--platform", "platform"),
          Map.entry("--target", "target"),
          Map.entry("--label", "label"),
          Map.entry("--cache-from", "cache-from"),
          Map.entry("--cache-to", "cache-to"),
          Map.entry("--secret", "secret"),
          Map.entry("--ssh", "ssh"),
          Map.entry("--network", "network"),
          Map.entry("--iidfile", "iidfile"),
          Map.entry("--metadata-file", "metadata-file"),
          Map.entry("--progress", "progress"),
          Map.entry("--set", "set"),
          Map.entry("--annotation", "annotation"),
          Map.entry("--authfile", "authfile"),
          Map.entry("--creds", "creds"),
          Map.entry("--src-creds", "src-creds"),
          Map.entry("--dest-creds", "dest-creds"),
          Map.entry("--format", "format"),
          Map.entry("--src", "src"),
          Map.entry("--dest", "dest"),
          Map.entry("--sign-by", "sign-by"),
          Map.entry("--retry-times", "retry-times"),
          Map.entry("--registries-conf", "registries-conf"),
          Map.entry("--policy", "policy"),
          Map.entry("--additional-tag", "tag"),
          Map.entry("--override-arch", "override-arch"),
          Map.entry("--override-os", "override-os"),
          Map.entry("-b", "base"),
          Map.entry("--base", "base"),
          Map.entry("--builder-image", "builder"),
          Map.entry("--buildpack", "buildpack"),
          Map.entry("--env", "env"),
          Map.entry("-e", "env"),
          Map.entry("--path", "path"),
          Map.entry("-p", "path"),
          Map.entry("--context-sub-path", "context-sub-path"),
          Map.entry("--dockerfile", "file"),
          Map.entry("--create", "create"),
          Map.entry("--artifact-type", "artifact-type"),
          Map.entry("-a", "annotation"),
          Map.entry("--concurrency", "concurrency"),
          Map.entry("--username", "username"),
          Map.entry("-u", "username"),
          Map.entry("--password", "password"),
          Map.entry("--registry-config", "registry-config"),
          Map.entry("--namespace", "namespace"),
          Map.entry("-n", "namespace"));

  /** Transports of skopeo that write on this machine, not to a registry. */
  private static final Set<String> LOCAL_TRANSPORTS =
      NameSet.of(
          "oci",
          "oci-archive",
          "dir",
          "docker-archive",
          "docker-daemon",
          "containers-storage",
          "sif",
          "tarball");

  private Images() {}

  /** A command's arguments as the tool settles them. */
  private static final class Read {
    /** The words that are no option nor an option's value, in order. */
    final List<String> positionals = new ArrayList<>();

    /** Every value given to an option, by the option's name, in order. */
    final Map<String, List<String>> values = new HashMap<>();

    /** Each switch as the last of its occurrences left it ({@code --no-x}, {@code --x=false}). */
    final Map<String, Boolean> switches = new HashMap<>();

    /** Whether a word the guard cannot know names an image. */
    boolean unknown;

    Read(List<Word> args) {
      boolean options = true;
      for (int i = 0; i < args.size(); i++) {
        Word word = args.get(i);
        String t = word.text();
        if (!options || !t.startsWith("-") || t.equals("-")) {
          positionals.add(t);
          unknown |= !word.literal();
          continue;
        }
        if (t.equals("--")) {
          options = false;
          continue;
        }
        int eq = t.indexOf('=');
        String flag = eq < 0 ? t : t.substring(0, eq);
        String name = WITH_VALUE.get(flag);
        if (name == null && !flag.startsWith("--") && flag.length() > 2) {
          // A short option with its value attached (-tghcr.io/a), or a cluster of switches (-it).
          String first = WITH_VALUE.get(flag.substring(0, 2));
          if (first != null) {
            value(first, t.substring(2), word.literal());
            continue;
          }
          for (int k = 1; k < flag.length(); k++) {
            switches.put(String.valueOf(flag.charAt(k)), true);
          }
          continue;
        }
        if (name != null) {
          if (eq >= 0) {
            value(name, t.substring(eq + 1), word.literal());
          } else if (i + 1 < args.size()) {
            value(name, args.get(i + 1).text(), args.get(i + 1).literal());
            i++;
          }
          continue;
        }
        String bare = flag.replaceFirst("^--?", "");
        boolean on = eq < 0 || !isFalse(t.substring(eq + 1));
        if (bare.startsWith("no-")) {
          bare = bare.substring(3);
          on = false;
        }
        switches.put(bare, on);
      }
    }

    private void value(String name, String value, boolean literal) {
      values.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
      unknown |= !literal && (name.equals("tag") || name.equals("destination"));
    }

    boolean on(String name) {
      return switches.getOrDefault(name, false);
    }

    List<String> all(String name) {
      return values.getOrDefault(name, List.of());
    }

    String positional(int i) {
      return i < positionals.size() ? positionals.get(i) : "";
    }

    String last() {
      return positionals.isEmpty() ? "" : positionals.get(positionals.size() - 1);
    }
  }

  private static boolean isFalse(String value) {
    return value.equalsIgnoreCase("false") || value.equals("0");
  }

  /**
   * Whether the program pushes an image, chart or artifact to a registry off this machine.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean pushes(Step step) {
    String program = step.program();
    if (!PUSHERS.contains(program)) {
      return false; // most programs: no argument read
    }
    Read read = new Read(step.args());
    if (read.on("dry-run") || read.on("help") || read.on("h")) {
      return false;
    }
    return switch (program) {
      case "skopeo" -> skopeo(read);
      case "crane" -> crane(read);
      case "oras" -> oras(read);
      case "regctl" -> regctl(read);
      case "helm" -> helm(read);
      case "ko" -> ko(read);
      case "pack" ->
          read.positional(0).equals("build")
              && read.on("publish")
              && anyRemote(read, List.of(read.positional(1)));
      case "executor" -> kaniko(read);
      default -> container(read);
    };
  }

  /**
   * docker, podman, nerdctl, buildah: push, a build that pushes, imagetools create, compose push.
   */
  private static boolean container(Read read) {
    String sub = read.positional(0);
    String verb = sub;
    int at = 1;
    if (sub.equals("buildx")
        || sub.equals("image")
        || sub.equals("builder")
        || sub.equals("manifest")
        || sub.equals("compose")
        || sub.equals("container")) {
      verb = read.positional(1);
      at = 2;
    }
    switch (verb) {
      case "push" -> {
        if (sub.equals("compose")) {
          return true; // the images the Compose file names
        }
        // docker push IMAGE; podman and buildah push IMAGE [DESTINATION]
        List<String> images =
            read.positionals.subList(
                Math.min(at, read.positionals.size()), read.positionals.size());
        return images.isEmpty() || anyRemote(read, List.of(images.get(images.size() - 1)));
      }
      case "build", "bud", "bake" -> {
        boolean push = read.on("push");
        List<String> places = new ArrayList<>(read.all("tag"));
        for (String output : read.all("output")) {
          push |= output.contains("type=registry") || output.contains("push=true");
          for (String part : output.split(",")) {
            if (part.startsWith("name=")) {
              places.add(part.substring(5));
            }
          }
        }
        for (String set : read.all("set")) {
          push |= set.contains("type=registry") || set.contains("push=true");
        }
        if (!push) {
          return false;
        }
        return verb.equals("bake") || places.isEmpty() || anyRemote(read, places);
      }
      case "imagetools" -> {
        if (!read.positional(at).equals("create")) {
          return false;
        }
        List<String> tags = read.all("tag");
        return tags.isEmpty() || anyRemote(read, tags);
      }
      default -> {
        return false;
      }
    }
  }

  /** skopeo copy SOURCE DESTINATION, skopeo sync --dest docker SOURCE DESTINATION. */
  private static boolean skopeo(Read read) {
    String verb = read.positional(0);
    if (verb.equals("copy")) {
      String destination = read.last();
      int colon = destination.indexOf(':');
      String transport = colon < 0 ? "" : destination.substring(0, colon);
      if (LOCAL_TRANSPORTS.contains(transport)) {
        return false;
      }
      return anyRemote(read, List.of(destination));
    }
    if (verb.equals("sync")) {
      List<String> dest = read.all("dest");
      return !dest.isEmpty()
          && dest.get(dest.size() - 1).equals("docker")
          && anyRemote(read, List.of(read.last()));
    }
    return false;
  }

  /** crane: push, copy, append, mutate, tag, rebase, flatten, index, each where it writes. */
  private static boolean crane(Read read) {
    return switch (read.positional(0)) {
      case "push", "copy", "cp" -> anyRemote(read, List.of(read.last()));
      case "tag" -> anyRemote(read, List.of(read.positional(1)));
      case "append", "mutate", "rebase", "flatten", "index" -> {
        List<String> tags = read.all("tag");
        if (!tags.isEmpty()) {
          yield anyRemote(read, tags);
        }
        if (!read.all("output").isEmpty()) {
          yield false; // written to a tarball here
        }
        // mutate, rebase and flatten write back to the image they read
        yield !read.positional(0).equals("append")
            && anyRemote(
                read, List.of(read.positional(read.positional(0).equals("index") ? 2 : 1)));
      }
      default -> false;
    };
  }

  /** oras push REFERENCE …, oras cp SOURCE DESTINATION, oras tag and attach. */
  private static boolean oras(Read read) {
    return switch (read.positional(0)) {
      case "push", "tag", "attach" -> anyRemote(read, List.of(read.positional(1)));
      case "cp", "copy" -> anyRemote(read, List.of(read.positional(2)));
      case "manifest" ->
          read.positional(1).equals("push") && anyRemote(read, List.of(read.positional(2)));
      default -> false;
    };
  }

  /** regctl image copy SOURCE DESTINATION, image mod --create, artifact put, index create. */
  private static boolean regctl(Read read) {
    String noun = read.positional(0);
    String verb = read.positional(1);
    if (noun.equals("image") && (verb.equals("copy") || verb.equals("cp"))) {
      return anyRemote(read, List.of(read.last()));
    }
    if (noun.equals("image") && verb.equals("mod")) {
      List<String> created = read.all("create");
      return !created.isEmpty() && anyRemote(read, created);
    }
    if (noun.equals("artifact") && verb.equals("put")
        || noun.equals("index") && (verb.equals("create") || verb.equals("add"))) {
      return anyRemote(read, List.of(read.positional(2)));
    }
    return false;
  }

  /** helm push CHART REMOTE, helm cm-push CHART REPOSITORY. */
  private static boolean helm(Read read) {
    String verb = read.positional(0);
    if (verb.equals("push") || verb.equals("cm-push")) {
      String remote = read.last();
      return anyRemote(read, List.of(remote.replaceFirst("^(oci|https?)://", "")));
    }
    return false;
  }

  /** ko build, publish, resolve, apply and create push, unless told to keep the image here. */
  private static boolean ko(Read read) {
    switch (read.positional(0)) {
      case "build", "publish", "resolve", "apply", "create", "run" -> {}
      default -> {
        return false;
      }
    }
    boolean push = read.switches.getOrDefault("push", true);
    return push && !read.on("L") && !read.on("local");
  }

  /** kaniko's executor pushes to each --destination, unless --no-push. */
  private static boolean kaniko(Read read) {
    List<String> destinations = read.all("destination");
    boolean push = read.switches.getOrDefault("push", true);
    return push && !destinations.isEmpty() && anyRemote(read, destinations);
  }

  private static boolean anyRemote(Read read, List<String> images) {
    if (read.unknown) {
      return true; // an image the guard cannot know may be anywhere
    }
    for (String image : images) {
      if (image.isEmpty() || remote(image)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an image reference names a registry off this machine: a host first ({@code ghcr.io/a},
   * {@code docker://ghcr.io/a}) that is not {@code localhost} or a loopback address, or no host at
   * all (Docker Hub).
   *
   * @param reference the reference, with or without {@code docker://} or {@code oci://}
   * @return whether pushing there leaves the machine
   */
  static boolean remote(String reference) {
    String r = reference.replaceFirst("^(docker|oci)://", "");
    int slash = r.indexOf('/');
    String host = slash < 0 ? r : r.substring(0, slash);
    int colon = host.lastIndexOf(':');
    String name =
        host.startsWith("[")
            ? host.substring(0, host.indexOf(']') + 1)
            : colon < 0 ? host : host.substring(0, colon);
    return !(name.equals("localhost")
        || name.startsWith("127.")
        || name.equals("[::1]")
        || name.equals("0.0.0.0")
        || name.equals("ko.local"));
  }
}
