// The service worker of Albion's notifications (issue 31): it shows a push the server sent
// ("Your turn at Diamoniak") and opens its page when the notification is clicked.
self.addEventListener("push", (event) => {
  const note = event.data ? event.data.json() : { title: "Albion", body: "", url: "/account" };
  event.waitUntil(self.registration.showNotification(note.title, {
    body: note.body, tag: `albion-${note.id || ""}`, data: { url: note.url },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});
