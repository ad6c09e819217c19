package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * The local files that programs which publish or upload send, for {@link Accesses}: a gist's files
 * ({@code gh gist create .env}), a release's assets, an issue's body file, an API request's input,
 * the sources of a copy to a bucket ({@code aws s3 cp}, {@code gsutil cp}, {@code gcloud storage
 * cp}, {@code az storage blob upload}, {@code s3cmd put}, {@code mc cp}), and what paste and
 * file-sharing tools send ({@code pastebinit}, {@code croc send}). Read as reading the file, so the
 * secret rules that read paths apply to them as to {@code cat}.
 */
final class Uploads {
  /**
   * What a program reads and writes of the local files.
   *
   * @param read the files it reads and sends
   * @param written the local files it writes (a download's destination)
   */
  record Files(List<Word> read, List<Word> written) {
    static final Files NONE = new Files(List.of(), List.of());
  }

  private Uploads() {}

  /**
   * The files a program sends.
   *
   * @param step the program
   * @return its files, {@link Files#NONE} for a program or subcommand that sends none
   */
  static Files of(Step step) {
    List<Word> args = step.args();
    return switch (step.program()) {
      case "gh", "glab" -> forge(args);
      case "aws" -> bucket(args, 2, "s3://");
      case "gsutil" -> bucket(args, 1, "gs://");
      case "gcloud" -> bucket(args, 2, "gs://");
      case "s3cmd" -> bucket(args, 1, "s3://");
      case "mc" -> bucket(args, 1, "");
      case "az" -> azure(args);
      case "hf", "huggingface-cli" -> hub(args);
      case "pastebinit", "wgetpaste", "ffsend", "croc", "wormhole" ->
          new Files(positionals(args), List.of());
      default -> Files.NONE;
    };
  }

  /**
   * gh and glab: gist and snippet files, release assets, body and notes files, an API request's
   * input and {@code @file} fields, a secrets file.
   */
  private static Files forge(List<Word> args) {
    List<Word> read = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : null;
      boolean fileOption =
          text.equals("--body-file")
              || text.equals("--notes-file")
              || text.equals("--input")
              || text.equals("--env-file")
              || text.equals("-F") && next != null && next.indexOf('=') < 0;
      if (fileOption && next != null && !next.equals("-")) {
        read.add(args.get(i + 1));
      } else if (text.startsWith("--body-file=")
          || text.startsWith("--notes-file=")
          || text.startsWith("--input=")) {
        read.add(new Word(text.substring(text.indexOf('=') + 1), args.get(i).literal()));
      } else if (text.indexOf("=@") > 0) {
        // gh api -F key=@file: the field's value is the file's content
        read.add(new Word(text.substring(text.indexOf("=@") + 2), args.get(i).literal()));
      }
    }
    Argv argv =
        Argv.of(
            args,
            "ftnFRTLlamrHBbX",
            "desc",
            "filename",
            "title",
            "notes",
            "notes-file",
            "target",
            "repo",
            "discussion-category",
            "notes-start-tag",
            "body",
            "body-file",
            "label",
            "milestone",
            "assignee",
            "ref",
            "name",
            "tag",
            "visibility");
    List<Word> pos = argv.positionals();
    String first = pos.isEmpty() ? "" : pos.get(0).text();
    String second = pos.size() > 1 ? pos.get(1).text() : "";
    if ((first.equals("secret") || first.equals("variable"))
        && second.equals("set")
        && argv.value('f') != null) {
      read.add(Word.literal(argv.value('f'))); // gh secret set -f .env sends the whole file
    } else if ((first.equals("gist") || first.equals("snippet")) && second.equals("create")) {
      read.addAll(pos.subList(2, pos.size()));
    } else if (first.equals("release") && (second.equals("create") || second.equals("upload"))) {
      // release create TAG [FILE#label…]: the files after the tag
      for (Word asset : pos.subList(Math.min(3, pos.size()), pos.size())) {
        String text = asset.text();
        int label = text.indexOf('#');
        read.add(label > 0 ? new Word(text.substring(0, label), asset.literal()) : asset);
      }
    }
    return new Files(read, List.of());
  }

  /**
   * A copy to or from a bucket ({@code aws s3 cp SRC DST}): the local sources are read, a local
   * destination written. {@code skip} words (the service and verb) come before the paths.
   */
  private static Files bucket(List<Word> args, int skip, String remote) {
    Argv argv =
        Argv.of(
            args,
            "ohza",
            "profile",
            "region",
            "endpoint-url",
            "acl",
            "storage-class",
            "exclude",
            "include",
            "content-type",
            "cache-control",
            "metadata",
            "sse",
            "body",
            "bucket",
            "key",
            "project",
            "output");
    List<Word> read = new ArrayList<>();
    String body = argv.value("body");
    if (body != null) {
      read.add(Word.literal(body)); // aws s3api put-object --body FILE
    }
    List<Word> pos = argv.positionals();
    int first = skip;
    if (remote.equals("gs://") && skip == 1) {
      first = 0; // gsutil's verb is its first positional; its global options are options
      while (first < pos.size() && !copies(pos.get(first).text())) {
        first++;
      }
      first++;
    } else if (pos.size() <= skip || !copies(pos.get(skip - 1).text())) {
      return new Files(read, List.of());
    }
    if (pos.size() - first < 2) {
      return new Files(read, List.of());
    }
    for (Word source : pos.subList(first, pos.size() - 1)) {
      if (local(source.text(), remote)) {
        read.add(source);
      }
    }
    Word destination = pos.get(pos.size() - 1);
    List<Word> written = local(destination.text(), remote) ? List.of(destination) : List.of();
    return new Files(read, written);
  }

  private static boolean copies(String verb) {
    return switch (verb) {
      case "cp", "mv", "sync", "rsync", "put", "mirror", "upload", "scp" -> true;
      default -> false;
    };
  }

  private static boolean local(String path, String remote) {
    if (path.contains("://") || !remote.isEmpty() && path.startsWith(remote)) {
      return false;
    }
    // mc names a remote as ALIAS/bucket/key: only what is written as a path is surely local.
    return !remote.isEmpty()
        || path.startsWith("/")
        || path.startsWith(".")
        || path.startsWith("~")
        || path.startsWith("$");
  }

  /** az storage blob upload -f FILE, upload-batch -s FOLDER, az storage file upload --source. */
  private static Files azure(List<Word> args) {
    List<Word> read = new ArrayList<>();
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-f")
          || text.equals("--file")
          || text.equals("-s")
          || text.equals("--source")) {
        read.add(args.get(i + 1));
      }
    }
    return new Files(read, List.of());
  }

  /**
   * A model hub's upload ({@code hf upload REPO PATH [PATH_IN_REPO]}, decision 93): the local file
   * or folder it sends.
   */
  private static Files hub(List<Word> args) {
    List<Word> pos =
        Argv.of(args, "", "repo-type", "revision", "commit-message", "token").positionals();
    if (pos.size() >= 3 && pos.get(0).text().equals("upload")) {
      return new Files(List.of(pos.get(2)), List.of());
    }
    return Files.NONE;
  }

  /** A paste or file-sharing tool's words that are no option: its files, its verb left out. */
  private static List<Word> positionals(List<Word> args) {
    List<Word> pos =
        new ArrayList<>(Argv.of(args, "bfatuq", "code", "text", "relay", "pass").positionals());
    pos.removeIf(w -> w.text().equals("send") || w.text().equals("upload"));
    return pos;
  }
}
