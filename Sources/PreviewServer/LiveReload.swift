/// The live-reload side of `serve`: the script put into every HTML page the server sends (and
/// never into the site's files), and the events it listens for.
///
/// Each successful build has a number. A page carries the number of the build it came from;
/// the event stream greets every page with the current number and announces each new one, so
/// a page reloads when its number is not the current one — also when it connected only after
/// the build that outdated it. A failed build sends its error, which the page shows in an
/// overlay above the previous site, and which a page loaded later is greeted with too.
public enum LiveReload {
    public static let eventPath = "/.waterfall-site/events"

    public static func built(_ generation: Int) -> ServerSentEvent {
        ServerSentEvent(name: "build", data: String(generation))
    }

    public static func failed(_ message: String) -> ServerSentEvent {
        ServerSentEvent(name: "failed", data: message)
    }

    /// The script for pages of build `generation`.
    public static func script(generation: Int) -> String {
        """
        <script>/* waterfall-site serve: live reload; not part of the built site */
        (function () {
          var build = "\(generation)";
          var events = new EventSource("\(eventPath)");
          events.addEventListener("build", function (event) { if (event.data !== build) location.reload(); });
          events.addEventListener("failed", function (event) {
            var box = document.getElementById("waterfall-site-error");
            if (!box) {
              box = document.createElement("pre");
              box.id = "waterfall-site-error";
              box.setAttribute("role", "alert");
              box.style.cssText = "position:fixed;left:12px;right:12px;bottom:12px;z-index:2147483647;margin:0;" +
                "padding:12px 16px;max-height:40vh;overflow:auto;white-space:pre-wrap;border-radius:8px;" +
                "background:#7f1d1d;color:#fff;font:13px/1.45 ui-monospace,monospace;box-shadow:0 4px 24px #0006";
              document.body.appendChild(box);
            }
            box.textContent = "The rebuild failed; this is the previous site.\\n\\n" + event.data;
          });
        })();
        </script>

        """
    }
}
